import Dispatch
import Raster
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What `framegen render` renders: an attribute file's frames, or a scene's timeline.
public struct FrameSource: Sendable {
    public var name: String
    public var canvas: Canvas
    public var fps: Double
    public var frameCount: Int
    public var style: ElementStyle
    public var kindStyles: [String: ElementStyle]
    public var defaultDirectory: String
    public var pattern: String
    public var compression: PNGEncodingOptions.Compression
    /// RGB output (rendering.md A.8: when the canvas is opaque and the user asks).
    public var rgb = false
    /// The files whose bytes decide the pixels (the scene or attribute file, images), and the
    /// text of a scene that has no file: the output folder's manifest fingerprints them.
    public var inputFiles: [String] = []
    public var inputText = ""
    public var frame: @Sendable (Int) -> AttributeFrame

    /// A scene file or an attribute file (by its `format` key), with `--fps` applied.
    public static func load(_ path: String, fps: Double?) throws(FrameGenError) -> FrameSource {
        let document = try readDocument(path)
        if case .map(let pairs) = document.value, pairs.contains(where: { $0.key == "format" }) {
            let file = try AttributeFile(document: document, folder: folderOf(path))
            let frames = file.frames
            var images = Set<String>()
            for f in frames {
                for v in f.views { for e in v.elements { if let i = e.image { images.insert(i) } } }
            }
            return FrameSource(
                name: baseName(path), canvas: file.canvas, fps: fps ?? file.fps, frameCount: frames.count,
                style: file.style, kindStyles: file.kindStyles, defaultDirectory: "\(baseName(path))-frames",
                pattern: "frame_%04d.png", compression: .default,
                inputFiles: [path] + file.canvas.backgroundFiles + images.sorted(), frame: { frames[$0] })
        }
        var scene = try Scene(document: document, folder: folderOf(path))
        if let fps { scene.fps = fps }
        var source = try FrameSource(scene: scene)
        source.inputFiles.insert(path, at: 0)
        return source
    }

    /// What the output folder's manifest records: a hash of the input files' bytes and text,
    /// the options that change pixels and the framegen version.
    func manifest(scale: Double, encoding: PNGEncodingOptions) -> OutputManifest {
        var h = StableHash()
        h.combine(inputText)
        for path in inputFiles {
            h.combine(path)
            // A file that cannot be read is reported by the render itself.
            if let bytes = try? FileIO.read(path, maxBytes: 1 << 30) {
                bytes.withUnsafeBytes { h.combine($0) }
            } else {
                h.combine("unreadable")
            }
        }
        h.combine(
            "fps \(fps) scale \(scale) compression \(encoding.compression) channels \(encoding.channels)")
        h.combine("frames \(frameCount)")
        return OutputManifest(
            version: FrameGenVersion.string, fingerprint: h.hex, frameCount: frameCount, pattern: pattern,
            fps: fps)
    }

    /// Whether every output pixel is opaque: the canvas background is.
    var canvasIsOpaque: Bool {
        switch canvas.background {
        case .color(let c): return c.a == 255
        case .pattern, .image: return false
        }
    }
}

extension FrameSource {
    /// A scene's timeline, frame by frame.
    public init(scene: Scene, directory: String? = nil) throws(FrameGenError) {
        let timeline = try Timeline(scene)
        for w in timeline.warnings { FileHandleOutput.standardError.write("framegen: warning: \(w)\n") }
        let file = timeline.data.attributeFile(frames: [])
        self.init(
            name: scene.name, canvas: scene.canvas, fps: scene.fps, frameCount: timeline.frameCount,
            style: file.style, kindStyles: file.kindStyles,
            defaultDirectory: directory ?? scene.output.directory,
            pattern: scene.output.pattern, compression: .level(scene.output.compression),
            rgb: scene.output.rgb,
            inputFiles: scene.canvas.backgroundFiles + scene.content.images.files
                + scene.views.flatMap { v in
                    v.decorationImages.keys.sorted().compactMap { v.decorationImages[$0] }
                },
            frame: { timeline.frame($0) })
    }
}

extension Canvas {
    /// The image files the background is drawn from.
    var backgroundFiles: [String] {
        switch background {
        case .color: []
        case .pattern(let p), .image(let p): [p]
        }
    }
}

public struct RenderOptions: Sendable {
    /// A PNG compression setting: a level 0-9 or `fast`.
    public typealias Compression = PNGEncodingOptions.Compression

    public var directory: String?
    public var frames: ClosedRange<Int>?
    public var scale: Double?
    public var jobs: Int
    public var compression: PNGEncodingOptions.Compression?
    public var progress: ProgressStyle
    public var force: Bool
    /// nil: the scene's `output.channels`.
    public var rgb: Bool?
    /// The texture cache's byte budget (`--memory-budget`); nil: FrameComposer's default.
    public var memoryBudget: Int?
    /// A video of the rendered frames (`--video FILE.png|.apng|.gif|.mp4|.webm`).
    public var video: String?
    /// Asked between frames; true stops the render as SIGINT does (a library's cancel button).
    public var stopRequested: (@Sendable () -> Bool)?

    public enum ProgressStyle: String, Sendable, CaseIterable {
        case auto, plain, json, none
    }

    public init(
        directory: String? = nil, frames: ClosedRange<Int>? = nil, scale: Double? = nil, jobs: Int = 0,
        compression: PNGEncodingOptions.Compression? = nil, progress: ProgressStyle = .none,
        force: Bool = false, rgb: Bool? = nil, memoryBudget: Int? = nil, video: String? = nil
    ) {
        self.video = video
        self.rgb = rgb
        self.memoryBudget = memoryBudget
        self.directory = directory
        self.frames = frames
        self.scale = scale
        self.jobs = jobs
        self.compression = compression
        self.progress = progress
        self.force = force
    }
}

extension RenderOptions {
    /// A size as users write it: a number of MiB, or a number with K, M or G (binary units,
    /// an optional trailing B or iB); at least 1 MiB and at most 1 TiB.
    public static func byteSize(_ text: String) -> Int? {
        var t = text.uppercased()
        if t.hasSuffix("IB") { t.removeLast(2) } else if t.hasSuffix("B") { t.removeLast() }
        var unit = 1 << 20
        if let last = t.last, let shift = ["K": 10, "M": 20, "G": 30][String(last)] {
            unit = 1 << shift
            t.removeLast()
        }
        guard let n = Double(t), n.isFinite, n > 0 else { return nil }
        let bytes = n * Double(unit)
        guard bytes >= Double(1 << 20), bytes <= Double(1 << 40) else { return nil }
        return Int(bytes)
    }
}

public struct RenderSummary: Sendable {
    public var directory: String
    public var rendered: Int
    public var kept: Int
    public var ffmpegCommand: String
    /// The video written with `--video`.
    public var video: String? = nil
}

/// The signal that asked a render to stop (0: none). Set from a signal handler, so an atomic.
let stopSignal = Atomic<Int32>(0)

public enum RenderPipeline {
    /// While a render runs, SIGINT and SIGTERM let the frames in flight finish (each is written
    /// atomically) and then stop it; a second signal kills at once. SIGXFSZ (a file size limit)
    /// is ignored so that a write over the limit fails with an error instead of killing us.
    static func withStopSignals<T>(_ body: () throws(FrameGenError) -> T) throws(FrameGenError) -> T {
        stopSignal.store(0, ordering: .relaxed)
        let handler: @convention(c) (Int32) -> Void = { sig in
            stopSignal.store(sig, ordering: .relaxed)
            signal(sig, SIG_DFL)
        }
        let oldInt = signal(SIGINT, handler)
        let oldTerm = signal(SIGTERM, handler)
        let oldFsz = signal(SIGXFSZ, SIG_IGN)
        // A parent may have started us with them blocked (the mask is inherited).
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        var oldMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, &oldMask)
        defer {
            pthread_sigmask(SIG_SETMASK, &oldMask, nil)
            signal(SIGINT, oldInt)
            signal(SIGTERM, oldTerm)
            signal(SIGXFSZ, oldFsz)
        }
        return try body()
    }

    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Renders the selected frames into PNGs, several at a time (at most one frame in flight per
    /// job), each written atomically; frames already on disk are kept unless `force`. The output
    /// is byte-identical whatever the number of jobs.
    public static func run(_ source: FrameSource, options: RenderOptions) throws(FrameGenError)
        -> RenderSummary
    {
        try withStopSignals { () throws(FrameGenError) in try runFrames(source, options: options) }
    }

    static func runFrames(_ source: FrameSource, options: RenderOptions) throws(FrameGenError)
        -> RenderSummary
    {
        let directory = options.directory ?? source.defaultDirectory
        if let video = options.video { try VideoOutput.check(video) }
        let all = 0...(source.frameCount - 1)
        let range = options.frames ?? all
        guard all.contains(range.lowerBound), all.contains(range.upperBound) else {
            throw .badInput(
                nil,
                "--frames \(range.lowerBound)-\(range.upperBound) is outside the frames 0-\(source.frameCount - 1)"
            )
        }
        let scale = options.scale ?? source.canvas.scale
        guard source.canvas.width * scale <= 16384, source.canvas.height * scale <= 16384 else {
            throw .badInput(nil, "the canvas at scale \(scale) would be over 16384 pixels on a side")
        }
        let composer = try FrameComposer(
            canvas: source.canvas, style: source.style, kindStyles: source.kindStyles,
            memoryBudget: options.memoryBudget ?? FrameComposer.defaultMemoryBudget)
        do {
            try FileIO.makeDirectory(directory)
        } catch {
            throw .cannotWrite(directory, error.reason)
        }
        let rgb = options.rgb ?? source.rgb
        if rgb && !source.canvasIsOpaque {
            throw .badInput(nil, "RGB output needs an opaque colour as the canvas background")
        }
        let encoding = PNGEncodingOptions(
            channels: rgb ? .rgb : .rgba, compression: options.compression ?? source.compression)
        let framesAreCurrent = try source.manifest(scale: scale, encoding: encoding).prepare(
            directory, force: options.force)
        let indices = Array(range)
        let next = Atomic<Int>(0)
        let state = Mutex(RunState())
        let reporter = ProgressReporter(style: options.progress, total: indices.count)
        let threads = options.jobs > 0 ? options.jobs : processorCount
        let jobs = max(1, min(threads, indices.count))
        // Fewer frames than threads (a one-frame render): each frame's drawing and encoding take
        // the rest.
        let threadsPerFrame = max(1, threads / jobs)
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while true {
                let k = next.add(1, ordering: .relaxed).oldValue
                if k >= indices.count || state.withLock({ $0.failure != nil })
                    || stopSignal.load(ordering: .relaxed) != 0 || options.stopRequested?() == true
                {
                    return
                }
                let index = indices[k]
                let path = directory + "/" + formatFrameName(source.pattern, index)
                if framesAreCurrent && !options.force && FileIO.fileExists(path) {
                    state.withLock { $0.kept += 1 }
                    reporter.frameDone(index, path: path, kept: true)
                    continue
                }
                do throws(FrameGenError) {
                    let image = try composer.render(source.frame(index), scale: scale, bands: threadsPerFrame)
                    do throws(PNGError) {
                        try PNG.write(image, to: path, options: encoding, threads: threadsPerFrame)
                    } catch {
                        throw FrameGenError.cannotWrite(path, error.reason)
                    }
                    state.withLock { $0.rendered += 1 }
                    reporter.frameDone(index, path: path, kept: false)
                } catch {
                    state.withLock { if $0.failure == nil { $0.failure = error } }
                    return
                }
            }
        }
        reporter.finish()
        let result = state.withLock { $0 }
        if let failure = result.failure { throw failure }
        var sig = stopSignal.load(ordering: .relaxed)
        if sig == 0 && options.stopRequested?() == true { sig = SIGINT }
        if sig != 0 {
            throw FrameGenError(
                sig == SIGTERM ? .terminated : .interrupted, file: directory,
                "stopped by \(sig == SIGTERM ? "SIGTERM" : "SIGINT") after \(result.rendered) new frames; finished frames are kept, the same command resumes"
            )
        }
        if let video = options.video {
            try VideoOutput.write(
                video,
                frames: VideoFrames(
                    directory: directory, pattern: source.pattern, range: range, fps: source.fps,
                    opaque: source.canvasIsOpaque))
        }
        let fps = source.fps == source.fps.rounded() ? String(Int(source.fps)) : String(source.fps)
        let pattern = directory + "/" + source.pattern
        let ffmpeg =
            "ffmpeg -framerate \(fps) -start_number \(range.lowerBound) -i '\(pattern)' -c:v libx264 -pix_fmt yuv420p -vf 'pad=ceil(iw/2)*2:ceil(ih/2)*2' '\(source.name).mp4'"
        return RenderSummary(
            directory: directory, rendered: result.rendered, kept: result.kept, ffmpegCommand: ffmpeg,
            video: options.video)
    }

    struct RunState: Sendable {
        var rendered = 0
        var kept = 0
        var failure: FrameGenError?
    }
}

/// Progress on stderr: a bar with frames done, frames per second and the ETA on a terminal,
/// plain lines otherwise, or one JSON object per finished frame.
final class ProgressReporter: Sendable {
    let style: RenderOptions.ProgressStyle
    let total: Int
    private let state = Mutex((done: 0, start: 0.0, lastDraw: -1.0))

    init(style: RenderOptions.ProgressStyle, total: Int) {
        var s = style
        if s == .auto { s = FileHandleOutput.standardError.isTerminal ? .auto : .plain }
        self.style = s
        self.total = total
        state.withLock { $0.start = ProgressReporter.now() }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func frameDone(_ index: Int, path: String, kept: Bool) {
        guard style != .none else { return }
        let line: String? = state.withLock { s in
            s.done += 1
            let elapsed = ProgressReporter.now() - s.start
            let fps = elapsed > 0 ? Double(s.done) / elapsed : 0
            switch style {
            case .json:
                return
                    "{\"frame\": \(index), \"file\": \(jsonString(path)), \"kept\": \(kept), \"done\": \(s.done), \"total\": \(total), \"fps\": \(jsonNumber((fps * 10).rounded() / 10))}\n"
            case .plain:
                return "frame \(index) \(kept ? "kept" : "written") (\(s.done)/\(total))\n"
            default:
                // Redraw at most 10 times a second, and at the end.
                if elapsed - s.lastDraw < 0.1 && s.done < total { return nil }
                s.lastDraw = elapsed
                let width = 30
                let filled = total > 0 ? width * s.done / total : width
                let eta = fps > 0 ? Double(total - s.done) / fps : 0
                let bar =
                    String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                return
                    "\r[\(bar)] \(s.done)/\(total) frames  \(String(format1(fps))) fps  ETA \(Int(eta.rounded())) s "
            }
        }
        if let line { FileHandleOutput.standardError.write(line) }
    }

    func finish() {
        if style == .auto { FileHandleOutput.standardError.write("\n") }
    }
}

func format1(_ x: Double) -> String {
    let r = (x * 10).rounded() / 10
    return r == r.rounded() ? "\(Int(r)).0" : "\(r)"
}
