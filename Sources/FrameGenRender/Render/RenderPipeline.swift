import Dispatch
import FrameGenCodecs
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import FrameGenScene
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
    /// RGB or RGBA output as the scene or attribute file asks; nil: RGB where the canvas is
    /// opaque (docs/decisions.md, "RGB output").
    public var rgb: Bool?
    /// The files whose bytes decide the pixels (the scene or attribute file, images), and the
    /// text of a scene that has no file: the output folder's manifest fingerprints them.
    public var inputFiles: [String] = []
    public var inputText = ""
    public var frame: @Sendable (Int) -> AttributeFrame

    /// The name that reads a scene from standard input.
    public static let standardInput = "-"

    /// A scene file or an attribute file (by its `format` key), with `--fps` applied. `-` reads
    /// standard input: relative image paths then resolve against the current folder, and the
    /// output manifest hashes the text. `layouts` are the types a scene may name.
    public static func load(
        _ path: String, fps: Double?, layouts: [LayoutDescriptor] = LayoutRegistry.builtIn
    ) throws(FrameGenError) -> FrameSource {
        let fromStandardInput = path == standardInput
        let document: DocumentNode
        var text = ""
        if fromStandardInput {
            let name = "<stdin>"
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read("/dev/stdin", maxBytes: documentByteLimit)
            } catch {
                throw .badInput(name, error.reason)
            }
            text = String(decoding: bytes, as: UTF8.self)
            document = try parseDocument(text, file: name)
        } else {
            document = try readDocument(path)
        }
        let folder = fromStandardInput ? "." : folderOf(path)
        let name = fromStandardInput ? "stdin" : baseName(path)
        let ownFile = fromStandardInput ? [] : [path]
        if case .map(let pairs) = document.value, pairs.contains(where: { $0.key == "format" }) {
            let file = try AttributeFile(document: document, folder: folder)
            let frames = file.frames
            var images = Set<String>()
            for f in frames {
                for v in f.views { for e in v.elements { if let i = e.image?.path { images.insert(i) } } }
            }
            return FrameSource(
                name: name, canvas: file.canvas, fps: fps ?? file.fps, frameCount: frames.count,
                style: file.style, kindStyles: file.kindStyles, defaultDirectory: "\(name)-frames",
                pattern: "frame_%04d.png", compression: .frames,
                inputFiles: ownFile + file.canvas.backgroundFiles + images.sorted(), inputText: text,
                frame: { frames[$0] })
        }
        var scene = try Scene(document: document, folder: folder, layouts: layouts)
        if let fps { scene.fps = fps }
        var source = try FrameSource(scene: scene)
        source.inputFiles.insert(contentsOf: ownFile, at: 0)
        source.inputText = text
        return source
    }

    /// What the output folder's manifest records: a hash of the input files' bytes and text,
    /// the options that change pixels, the framegen version and, for a program with layouts of
    /// its own, that program's build (`ProgramIdentity`).
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
        if let program = ProgramIdentity.fingerprintPart { h.combine(program) }
        return OutputManifest(
            version: FrameGenVersion.string, fingerprint: h.hex, frameCount: frameCount, pattern: pattern,
            fps: fps)
    }

    /// The channels frames are written with: as asked (`--rgb`/`--rgba`), else as the scene
    /// says, else RGB where every pixel is opaque, since an alpha channel of 255s only costs
    /// bytes and time (docs/decisions.md, "RGB output").
    public func channels(asked: Bool?) throws(FrameGenError) -> PNGEncodingOptions.Channels {
        guard let rgb = asked ?? rgb else { return canvasIsOpaque ? .rgb : .rgba }
        if rgb && !canvasIsOpaque {
            throw .badInput(nil, "RGB output needs an opaque colour as the canvas background")
        }
        return rgb ? .rgb : .rgba
    }

    /// Whether every output pixel is opaque: the canvas background is.
    var canvasIsOpaque: Bool {
        switch canvas.background {
        case .color(let c): return c.a == 255
        case .pattern, .image:
            // The built-in tile is opaque; a file may not be.
            if case .pattern? = canvas.background.generatedImage { return true }
            return false
        }
    }
}

extension FrameSource {
    /// A scene's timeline, frame by frame.
    public init(scene: Scene, directory: String? = nil) throws(FrameGenError) {
        let timeline = try Timeline(scene)
        for w in timeline.warnings { RenderWarnings.write("framegen: warning: \(w)\n") }
        let file = timeline.data.attributeFile(frames: [])
        self.init(
            name: scene.name, canvas: scene.canvas, fps: scene.fps, frameCount: timeline.frameCount,
            style: file.style, kindStyles: file.kindStyles,
            defaultDirectory: directory ?? scene.output.directory,
            pattern: scene.output.pattern, compression: scene.output.compression,
            rgb: scene.output.rgb,
            inputFiles: scene.canvas.backgroundFiles + scene.content.images.files
                + scene.views.flatMap { v in
                    v.decorationImages.keys.sorted().compactMap { v.decorationImages[$0] }
                },
            frame: { timeline.frame($0) })
    }
}

extension Canvas {
    /// The image files the background is drawn from (none for a built-in image).
    var backgroundFiles: [String] {
        if background.generatedImage != nil { return [] }
        switch background {
        case .color: return []
        case .pattern(let p), .image(let p): return [p]
        }
    }
}

public struct RenderOptions: Sendable {
    /// A PNG compression setting: a level 0-9, `fast` or `fastest`.
    public typealias Compression = PNGEncodingOptions.Compression

    /// The output folder; `-` (`standardOutput`) writes the one selected frame's PNG to
    /// standard output instead.
    public var directory: String?
    public var frames: ClosedRange<Int>?
    /// The part of the selected frames this process renders (`--shard K/N`).
    public var shard: RenderShard = .whole
    public var scale: Double?
    public var jobs: Int
    public var compression: PNGEncodingOptions.Compression?
    public var progress: ProgressStyle
    public var force: Bool
    /// true: RGB (`--rgb`), false: RGBA (`--rgba`); nil: the scene's `output.channels`, else RGB
    /// where the canvas is opaque.
    public var rgb: Bool?
    /// The texture cache's byte budget (`--memory-budget`); nil: FrameComposer's default.
    public var memoryBudget: Int?
    /// A video of the rendered frames (`--video FILE.png|.apng|.gif|.mp4|.webm`).
    public var video: String?
    /// Asked between frames; true stops the render as SIGINT does (a library's cancel button).
    public var stopRequested: (@Sendable () -> Bool)?

    /// The `-o` that writes a one-frame render's PNG to standard output.
    public static let standardOutput = "-"

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
        return Int(bytes)  // checked: 2^20...2^40 just above
    }
}

public struct RenderSummary: Sendable {
    public var directory: String
    public var rendered: Int
    public var kept: Int
    public var ffmpegCommand: String
    /// The video written with `--video`.
    public var video: String? = nil
    /// The part of the frames this render drew (`--shard`); the whole by default.
    public var shard: RenderShard = .whole

    /// What `render` prints at the end: where the frames are and how to make a video of them (a
    /// shard's folder is not the whole animation yet, so it says how to confirm that instead).
    public var report: String {
        var s = "\(rendered) frame\(rendered == 1 ? "" : "s") written to \(directory)/"
        if kept > 0 { s += " (\(kept) already there, kept; --force re-renders them)" }
        if let video { s += "\n\((try? VideoFormat(path: video))?.title ?? "Video"): \(video)" }
        guard shard.isWhole else {
            return s
                + "\nShard \(shard) done. Once every shard is, the same command with --check instead of --shard confirms the folder holds the whole render.\n"
        }
        return s + "\nMake a video: " + ffmpegCommand + "\n"
    }
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

    /// What a render (or its check) covers, from the source and the options: checked before
    /// anything is written.
    struct Plan {
        var directory: String
        /// The frames `--frames` selects (all by default).
        var selection: ClosedRange<Int>
        /// This shard's frames of the selection, in order.
        var frames: [Int]
        var scale: Double
        var encoding: PNGEncodingOptions
        var manifest: OutputManifest

        var toStandardOutput: Bool { directory == RenderOptions.standardOutput }

        func path(_ frame: Int) -> String { directory + "/" + formatFrameName(manifest.pattern, frame) }
    }

    static func plan(_ source: FrameSource, options: RenderOptions) throws(FrameGenError) -> Plan {
        let directory = options.directory ?? source.defaultDirectory
        if let video = options.video {
            try VideoOutput.check(video)
            // A shard holds only some frames; once all are there an unsharded run keeps them.
            if !options.shard.isWhole {
                throw .badInput(
                    video,
                    "--video needs every frame: add it to an unsharded render after the shards (it keeps their frames)"
                )
            }
        }
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
        let encoding = PNGEncodingOptions(
            channels: try source.channels(asked: options.rgb),
            compression: options.compression ?? source.compression)
        let plan = Plan(
            directory: directory, selection: range, frames: Array(options.shard.frames(of: range)),
            scale: scale, encoding: encoding, manifest: source.manifest(scale: scale, encoding: encoding))
        if plan.toStandardOutput {
            guard plan.frames.count == 1 else {
                throw .badInput(
                    nil,
                    "-o - writes one frame's PNG to standard output, but \(plan.frames.count) frames are selected; choose one with --frames N"
                )
            }
            if options.video != nil { throw .badInput(nil, "--video needs an output folder, not -o -") }
        }
        return plan
    }

    static func runFrames(_ source: FrameSource, options: RenderOptions) throws(FrameGenError)
        -> RenderSummary
    {
        let plan = try plan(source, options: options)
        let directory = plan.directory
        let composer = try FrameComposer(
            canvas: source.canvas, style: source.style, kindStyles: source.kindStyles,
            memoryBudget: options.memoryBudget ?? FrameComposer.defaultMemoryBudget)
        if plan.toStandardOutput { return try renderToStandardOutput(source, plan: plan, composer: composer) }
        do {
            try FileIO.makeDirectory(directory)
        } catch {
            throw .cannotWrite(directory, error.reason)
        }
        let ledger = try plan.manifest.prepare(
            directory, force: options.force, shard: options.shard, selection: plan.selection)
        let indices = plan.frames
        let state = Mutex(RunState())
        let reporter = ProgressReporter(style: options.progress, frames: indices)
        let threads = options.jobs > 0 ? options.jobs : processorCount
        let jobs = max(1, min(threads, indices.count))
        // Fewer frames than threads (a one-frame render): each frame's drawing and encoding take
        // the rest.
        let threadsPerFrame = max(1, threads / jobs)
        let stopRequested = options.stopRequested
        // A stop notes where it stopped in the manifest (the folder stays a resumable render).
        let noteStop: @Sendable (String) -> String = { reason in
            let rendered = state.withLock { $0.rendered }
            let said = "\(reason); stopped after \(rendered) new frames, finished frames are kept"
            var noted = plan.manifest
            noted.stopped = said
            try? FileIO.writeAtomically(Array(noted.json.utf8), to: directory + "/" + OutputManifest.fileName)
            return said
        }
        // The progress line is finished before an error is reported.
        var failure: FrameGenError? = nil
        do throws(FrameGenError) {
            try RunStop.whileRendering(finish: { "\(directory): " + noteStop($0) }) {
                () throws(FrameGenError) in
                try FrameScheduler.run(
                    count: indices.count, workers: jobs,
                    shouldStop: { stopSignal.load(ordering: .relaxed) != 0 || stopRequested?() == true }
                ) { k, buffer throws(FrameGenError) in
                    let index = indices[k]
                    let path = plan.path(index)
                    if !options.force, let record = ledger.records[index], record.matches(file: path) {
                        state.withLock { $0.kept += 1 }
                        reporter.frameDone(at: k, path: path, kept: true)
                        return
                    }
                    let png = try encodeFrame(
                        source, index, composer: composer, plan: plan, threads: threadsPerFrame, name: path,
                        buffer: &buffer)
                    do throws(FileIOError) {
                        try FileIO.writeAtomically(png, to: path)
                    } catch {
                        throw FrameGenError.cannotWrite(path, error.reason)
                    }
                    // Recorded only once the whole frame is in place.
                    try ledger.log.append(
                        FrameRecord(frame: index, png: png, render: plan.manifest.fingerprint))
                    state.withLock { $0.rendered += 1 }
                    reporter.frameDone(at: k, path: path, kept: false)
                    Platform.returnFreeMemory()
                }
            }
        } catch {
            failure = error
        }
        reporter.finish()
        if let reason = RunStop.reason { throw FrameGenError(.badInput, file: directory, noteStop(reason)) }
        if let failure { throw failure }
        let result = state.withLock { $0 }
        var sig = stopSignal.load(ordering: .relaxed)
        if sig == 0 && options.stopRequested?() == true { sig = SIGINT }
        if sig != 0 {
            _ = noteStop(sig == SIGTERM ? "SIGTERM" : "SIGINT")
            throw FrameGenError(
                sig == SIGTERM ? .terminated : .interrupted, file: directory,
                "stopped by \(sig == SIGTERM ? "SIGTERM" : "SIGINT") after \(result.rendered) new frames; finished frames are kept, the same command resumes"
            )
        }
        if let video = options.video {
            try VideoOutput.write(
                video,
                frames: VideoFrames(
                    directory: directory, pattern: source.pattern, range: plan.selection, fps: source.fps,
                    opaque: source.canvasIsOpaque))
        }
        let fps = source.fps == source.fps.rounded() ? String(Int(source.fps)) : String(source.fps)
        let pattern = directory + "/" + source.pattern
        let ffmpeg =
            "ffmpeg -framerate \(fps) -start_number \(plan.selection.lowerBound) -i '\(pattern)' -c:v libx264 -pix_fmt yuv420p -vf 'pad=ceil(iw/2)*2:ceil(ih/2)*2' '\(source.name).mp4'"
        return RenderSummary(
            directory: directory, rendered: result.rendered, kept: result.kept, ffmpegCommand: ffmpeg,
            video: options.video, shard: options.shard)
    }

    /// One frame drawn and encoded as PNG bytes; `name` is the output named in an error.
    /// `buffer`: the worker's previous frame to draw into; the frame is left there afterwards.
    static func encodeFrame(
        _ source: FrameSource, _ index: Int, composer: FrameComposer, plan: Plan, threads: Int, name: String,
        buffer: inout Image?
    ) throws(FrameGenError) -> [UInt8] {
        let image = try composer.render(
            source.frame(index), scale: plan.scale, bands: threads, reusing: &buffer)
        defer { buffer = image }
        do throws(ImageFileError) {
            return try PNG.encode(image, options: plan.encoding, threads: threads)
        } catch {
            throw .cannotWrite(name, error.reason)
        }
    }

    /// `-o -`: the one selected frame's PNG on standard output and nothing else there; no
    /// folder, manifest or record is written.
    static func renderToStandardOutput(_ source: FrameSource, plan: Plan, composer: FrameComposer)
        throws(FrameGenError) -> RenderSummary
    {
        let name = "<stdout>"
        var buffer: Image? = nil
        let png = try encodeFrame(
            source, plan.frames[0], composer: composer, plan: plan, threads: processorCount, name: name,
            buffer: &buffer)
        Platform.ignoreBrokenPipes()
        guard FileHandleOutput.standardOutput.write(bytes: png) else {
            throw .cannotWrite(name, "standard output was closed before the whole PNG was written")
        }
        return RenderSummary(directory: plan.directory, rendered: 1, kept: 0, ffmpegCommand: "")
    }

    struct RunState: Sendable {
        var rendered = 0
        var kept = 0
    }
}

/// Progress on stderr: a bar with frames done, frames per second and the ETA on a terminal;
/// plain lines for logs (at each tenth of the frames, or after `plainInterval` seconds with some
/// progress, never one per frame), or one JSON object per finished frame. Plain lines count the
/// frames done in order from the first, so they rise in frame order however the workers finish.
package final class ProgressReporter: Sendable {
    let style: RenderOptions.ProgressStyle
    let frames: [Int]
    /// Seconds between plain lines when no tenth is reached sooner.
    static let plainInterval = 10.0

    private struct State {
        var done = 0
        var start = 0.0
        var lastDraw = -1.0
        /// Plain: which positions are done, and how many from the first are.
        var finished: [Bool] = []
        var inOrder = 0
        var printedInOrder = 0
    }
    private let state = Mutex(State())

    var total: Int { frames.count }

    init(style: RenderOptions.ProgressStyle, frames: [Int]) {
        var s = style
        if s == .auto { s = FileHandleOutput.standardError.isTerminal ? .auto : .plain }
        self.style = s
        self.frames = frames
        state.withLock {
            $0.start = ProgressReporter.now()
            if s == .plain { $0.finished = [Bool](repeating: false, count: frames.count) }
        }
    }

    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The frame at `position` of `frames` is written (or was kept).
    func frameDone(at position: Int, path: String, kept: Bool) {
        guard style != .none else { return }
        let total = self.total
        let line: String? = state.withLock { s in
            s.done += 1
            let elapsed = ProgressReporter.now() - s.start
            let fps = elapsed > 0 ? Double(s.done) / elapsed : 0
            let eta = fps > 0 ? Double(total - s.done) / fps : 0
            switch style {
            case .json:
                return
                    "{\"frame\": \(frames[position]), \"file\": \(jsonString(path)), \"kept\": \(kept), \"done\": \(s.done), \"total\": \(total), \"fps\": \(jsonNumber((fps * 10).rounded() / 10))}\n"
            case .plain:
                s.finished[position] = true
                while s.inOrder < total && s.finished[s.inOrder] { s.inOrder += 1 }
                guard s.inOrder > s.printedInOrder else { return nil }
                // A line for every tenth the frames done in order have reached: frames finish out
                // of order, so one frame can complete several tenths at once.
                var counts: [Int] = []
                var tenth = s.printedInOrder * 10 / total + 1
                while tenth <= 10, (tenth * total + 9) / 10 <= s.inOrder {
                    let count = (tenth * total + 9) / 10
                    if count > (counts.last ?? s.printedInOrder) { counts.append(count) }
                    tenth += 1
                }
                if counts.isEmpty && elapsed - max(s.lastDraw, 0) >= ProgressReporter.plainInterval {
                    counts = [s.inOrder]
                }
                guard let last = counts.last else { return nil }
                s.printedInOrder = last
                s.lastDraw = elapsed
                let seconds = eta.rounded().clampedInt(in: 0...1 << 53, nan: 0)
                return counts.map { count in
                    "frame \(frames[count - 1]) (\(count)/\(total), \(100 * count / total) %)  \(format1(fps)) fps  ETA \(seconds) s\n"
                }.joined()
            default:
                // Redraw at most 10 times a second, and at the end.
                if elapsed - s.lastDraw < 0.1 && s.done < total { return nil }
                s.lastDraw = elapsed
                let width = 30
                let filled = total > 0 ? width * s.done / total : width
                let bar =
                    String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                return
                    "\r[\(bar)] \(s.done)/\(total) frames  \(String(format1(fps))) fps  ETA \(eta.rounded().clampedInt(in: 0...1 << 53, nan: 0)) s "
            }
        }
        if let line { FileHandleOutput.standardError.write(line) }
    }

    func finish() {
        if style == .auto { FileHandleOutput.standardError.write("\n") }
    }
}

package func format1(_ x: Double) -> String {
    let r = (x * 10).rounded() / 10
    return abs(r) < 1e15 && r == r.rounded() ? "\(Int(r)).0" : "\(r)"  // checked: |r| < 1e15
}
