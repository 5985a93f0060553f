import Dispatch
import Foundation
import FrameGenCodecs
import FrameGenRaster
import FrameGenScene
import Synchronization

/// `render --video FILE`: the rendered frames as one file, written after the sequence from the
/// PNGs on disk (one frame in memory at a time, never half-written). The format is the file's
/// extension: an animated PNG, a GIF written here, or MP4 / WebM through an installed ffmpeg.
public enum VideoFormat: String, Sendable, CaseIterable {
    case apng, gif, mp4, webm

    /// The format a file name asks for, or a bad-input error listing the ones there are.
    public init(path: String) throws(FrameGenError) {
        let ext = path.split(separator: "/").last?.split(separator: ".").last?.lowercased() ?? ""
        switch ext {
        case "png", "apng": self = .apng
        case "gif": self = .gif
        case "mp4": self = .mp4
        case "webm": self = .webm
        default:
            throw .badInput(path, "--video writes .png or .apng (animated PNG), .gif, .mp4 or .webm")
        }
    }

    var needsFFmpeg: Bool { self == .mp4 || self == .webm }

    /// How `render` names the file it wrote.
    public var title: String {
        switch self {
        case .apng: "Animated PNG (plays in browsers)"
        case .gif: "Animated GIF"
        case .mp4: "MP4 (H.264)"
        case .webm: "WebM (VP9)"
        }
    }
}

/// The frames of a finished render that make the video: `range` of `pattern` in `directory`.
struct VideoFrames {
    var directory: String
    var pattern: String
    var range: ClosedRange<Int>
    var fps: Double
    /// Whether the canvas is opaque (WebM then needs no alpha plane).
    var opaque: Bool

    var paths: [String] { range.map { directory + "/" + formatFrameName(pattern, $0) } }
}

enum VideoOutput {
    /// Everything that can be known before rendering: the format, and for MP4 and WebM that
    /// ffmpeg is installed (`searchPath`: PATH's folders).
    static func check(_ path: String, searchPath: String? = nil) throws(FrameGenError) {
        let format = try VideoFormat(path: path)
        if format.needsFFmpeg { _ = try ffmpeg(for: path, searchPath: searchPath) }
    }

    static func write(_ path: String, frames: VideoFrames) throws(FrameGenError) {
        switch try VideoFormat(path: path) {
        case .apng: try writeAnimatedPNG(path, frames: frames)
        case .gif: try writeGIF(path, frames: frames)
        case .mp4, .webm: try writeWithFFmpeg(path, frames: frames)
        }
    }

    // MARK: Animated PNG

    /// Each frame's compressed data reused as it is (see `PNGAnimation`).
    static func writeAnimatedPNG(_ path: String, frames: VideoFrames) throws(FrameGenError) {
        try writeAnimatedPNG(path, paths: frames.paths, fps: frames.fps)
    }

    /// The PNG files `paths`, in order, as one animated PNG (the showcase chains several folders).
    static func writeAnimatedPNG(_ path: String, paths: [String], fps: Double) throws(FrameGenError) {
        var pngs: [[UInt8]] = []
        for frame in paths {
            do {
                pngs.append(try FileIO.read(frame, maxBytes: 1 << 30))
            } catch {
                throw .badInput(error.path, error.reason)
            }
        }
        do {
            let bytes = try PNGAnimation.assemble(pngs, delay: PNGAnimation.delay(fps: fps))
            try FileIO.writeAtomically(bytes, to: path)
        } catch let error as ImageFileError {
            throw .cannotWrite(path, error.reason)
        } catch {
            throw .cannotWrite(path, "\(error)")
        }
    }

    // MARK: GIF

    /// Two passes over the PNGs: the colours of every frame make one global palette (exact when
    /// there are at most 256, median cut otherwise), then each kept frame is mapped onto it and
    /// compressed in order. Decoding the PNGs is most of the work, so `jobs` threads decode (and
    /// map) frames at once, each holding one frame: memory grows with the jobs, not the frames.
    static func writeGIF(_ path: String, frames: VideoFrames, jobs: Int = RenderPipeline.processorCount)
        throws(FrameGenError)
    {
        let paths = frames.paths
        let schedule = GIFTiming.schedule(frameCount: paths.count, fps: frames.fps)
        guard let first = schedule.first.map({ paths[$0.frame] }) else {
            throw .badInput(frames.directory, "no frames to write as a GIF")
        }
        let size: (width: Int, height: Int)
        do {
            let info = try PNG.readInfo(file: first, validate: false)
            size = (info.width, info.height)
        } catch {
            throw FrameGenError(image: error, file: first)
        }
        let jobs = max(1, min(jobs, schedule.count))
        let workers = (0..<jobs).map { _ in GIFWorker() }
        try inParallel(jobs) { (w) throws(FrameGenError) in
            for k in stride(from: w, to: schedule.count, by: jobs) {
                workers[w].histogram.add(try loadFrame(paths[schedule[k].frame], size: size))
            }
        }
        var histogram = GIFColorHistogram()
        for worker in workers { histogram.merge(worker.histogram) }
        let palette = GIFPalette(histogram)
        var writer: GIFWriter
        do {
            writer = try GIFWriter(width: size.width, height: size.height, palette: palette)
        } catch {
            throw .badInput(path, error.reason)
        }
        for worker in workers {
            worker.mapper = GIFColorMapper(palette)
            worker.indices = [UInt8](repeating: 0, count: size.width * size.height)
        }
        for batch in stride(from: 0, to: schedule.count, by: jobs) {
            let count = min(jobs, schedule.count - batch)
            try inParallel(count) { (w) throws(FrameGenError) in
                let image = try loadFrame(paths[schedule[batch + w].frame], size: size)
                workers[w].mapper!.map(image, into: &workers[w].indices)
            }
            for w in 0..<count { writer.add(workers[w].indices, delay: schedule[batch + w].delay) }
        }
        do {
            try FileIO.writeAtomically(writer.finish(), to: path)
        } catch {
            throw .cannotWrite(path, error.reason)
        }
    }

    /// A frame's straight pixels; bad input when it is not the size of the first.
    static func loadFrame(_ frame: String, size: (width: Int, height: Int)) throws(FrameGenError)
        -> StraightImage
    {
        let image: StraightImage
        do {
            image = try PNG.decodeStraight(file: frame)
        } catch {
            throw FrameGenError(image: error, file: frame)
        }
        guard (image.width, image.height) == size else {
            throw .badInput(
                frame,
                "is \(image.width)x\(image.height), not \(size.width)x\(size.height) as the first frame")
        }
        return image
    }

    /// What one thread of `writeGIF` holds. Worker i is only ever touched by iteration i of a
    /// parallel loop, and read after the loop has joined, hence unchecked.
    private final class GIFWorker: @unchecked Sendable {
        var histogram = GIFColorHistogram()
        var mapper: GIFColorMapper?
        var indices: [UInt8] = []
    }

    /// `body(0..<count)` on `count` threads; the first error is rethrown once all have finished.
    private static func inParallel(_ count: Int, _ body: @Sendable (Int) throws(FrameGenError) -> Void)
        throws(FrameGenError)
    {
        let failure = Mutex<FrameGenError?>(nil)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            do throws(FrameGenError) {
                try body(i)
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    // MARK: ffmpeg

    /// The ffmpeg executable on `searchPath` (PATH by default); bad input naming the Debian
    /// package when there is none, so a render that cannot end in its video never starts.
    static func ffmpeg(for path: String, searchPath: String? = nil) throws(FrameGenError) -> String {
        let folders = (searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for folder in folders {
            let candidate = String(folder) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .badInput(
            path,
            "writing .\(path.split(separator: ".").last ?? "") needs ffmpeg, which is not on PATH (Debian package ffmpeg: apt-get install ffmpeg); .gif and .png are written without it"
        )
    }

    /// The arguments that turn the frames into `output`: H.264 in MP4 (yuv420p, sizes padded to
    /// even, fast start, as players expect), VP9 in WebM (with an alpha plane when the canvas
    /// is not opaque).
    static func ffmpegArguments(_ frames: VideoFrames, format: VideoFormat, output: String) -> [String] {
        let fps = frames.fps == frames.fps.rounded() ? String(Int(frames.fps)) : String(frames.fps)
        var arguments = [
            "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-framerate", fps,
            "-start_number", String(frames.range.lowerBound), "-i", frames.directory + "/" + frames.pattern,
            "-frames:v", String(frames.range.count),
        ]
        switch format {
        case .webm:
            arguments += [
                "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "30", "-pix_fmt",
                frames.opaque ? "yuv420p" : "yuva420p",
            ]
        default:
            arguments += [
                "-c:v", "libx264", "-crf", "18", "-pix_fmt", "yuv420p", "-vf",
                "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                "-movflags", "+faststart",
            ]
        }
        return arguments + [output]
    }

    /// Runs ffmpeg into a temporary file beside `path`, renamed over it only when ffmpeg
    /// succeeded, so a failed or interrupted encode leaves no partial video.
    static func writeWithFFmpeg(_ path: String, frames: VideoFrames) throws(FrameGenError) {
        let format = try VideoFormat(path: path)
        let executable = try ffmpeg(for: path)
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).tmp.\(format.rawValue)"
        ).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ffmpegArguments(frames, format: format, output: temp)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .cannotWrite(path, "could not start \(executable): \(error.localizedDescription)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: temp)
            let last = message.split(separator: "\n").last.map(String.init) ?? "no message"
            throw .cannotWrite(path, "ffmpeg failed (status \(process.terminationStatus)): \(last)")
        }
        if rename(temp, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temp)
            throw .cannotWrite(path, reason)
        }
    }
}
