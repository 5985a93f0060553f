import Foundation
import FrameGenCodecs
import FrameGenLayout
import FrameGenRender
import FrameGenScene

/// `framegen bench --jobs-scaling`: frames per second end to end (each frame's timeline and
/// layouts, drawing and PNG encoding, as `render`'s workers do them) with 1, 2, 4... workers up to
/// the machine's cores, and each count's speed-up over one worker. Every count is timed the same
/// way, over wall-clock time (best of `rounds` runs of the same frames: the fastest run is the
/// one the machine's other work disturbed least), so the ratios compare like with like.
extension BenchTool {
    public struct JobsScaling: Sendable {
        public var scene: String
        public var frames: Int
        /// Per worker count, ascending: frames per second (best run).
        public var rows: [(jobs: Int, framesPerSecond: Double)]
        public var isa = CPUPaths.current

        /// Frames per second with `rows[i].jobs` workers over frames per second with one.
        public func speedUp(_ i: Int) -> Double {
            rows[i].framesPerSecond / max(rows[0].framesPerSecond, 1e-9)
        }
    }

    /// Runs per worker count; the best is kept.
    static let jobsScalingRounds = 3

    /// The worker counts timed: 1, then doubling, then the core count itself.
    static func jobCounts(cores: Int) -> [Int] {
        var counts: [Int] = []
        var n = 1
        while n < cores {
            counts.append(n)
            n *= 2
        }
        counts.append(max(1, cores))
        return counts
    }

    public static func jobsScaling(
        scenes: [String], frames: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount,
        layouts: [LayoutDescriptor] = LayoutRegistry.builtIn
    ) throws(FrameGenError) -> [JobsScaling] {
        var out: [JobsScaling] = []
        for (name, source) in try load(scenes, layouts: layouts) {
            let count = min(frames, source.frameCount)
            let frameCount = source.frameCount
            let composer = try FrameComposer(
                canvas: source.canvas, style: source.style, kindStyles: source.kindStyles)
            let encoding = PNGEncodingOptions(
                channels: try source.channels(asked: nil), compression: source.compression)
            let scale = source.canvas.scale
            // Textures are made on first use: one untimed frame first keeps that out.
            _ = try composer.render(source.frame(0), scale: scale)
            var rows: [(jobs: Int, framesPerSecond: Double)] = []
            for jobs in jobCounts(cores: cores) {
                var best = Double.infinity
                for _ in 0..<jobsScalingRounds {
                    let start = now()
                    try FrameScheduler.run(count: count, workers: jobs) { k, buffer throws(FrameGenError) in
                        let frame = source.frame(sampledFrame(k, count, over: frameCount))
                        let image = try composer.render(frame, scale: scale, reusing: &buffer)
                        do throws(ImageFileError) { _ = try PNG.encode(image, options: encoding) } catch {
                            throw .badInput(name, error.reason)
                        }
                        buffer = image
                    }
                    best = min(best, now() - start)
                }
                rows.append((jobs, Double(count) / max(best, 1e-9)))
            }
            out.append(JobsScaling(scene: name, frames: count, rows: rows))
        }
        return out
    }

    public static func report(_ results: [JobsScaling], json: Bool) -> String {
        if json {
            let items = results.map { r in
                let rows = r.rows.indices.map { i in
                    "{\"jobs\": \(r.rows[i].jobs), \"framesPerSecond\": \(jsonNumber(r.rows[i].framesPerSecond)), \"speedUp\": \(jsonNumber(r.speedUp(i)))}"
                }
                return
                    "{\"scene\": \(jsonString(r.scene)), \"frames\": \(r.frames), \"jobs\": [\(rows.joined(separator: ", "))], \"isa\": \(r.isa.json)}"
            }
            return "[\n  " + items.joined(separator: ",\n  ") + "\n]\n"
        }
        var out = (results.first?.isa ?? CPUPaths.current).line + "\n"
        out += "scene                          frames  jobs  frames/s  speed-up  per job\n"
        for r in results {
            for i in r.rows.indices {
                let (jobs, fps) = r.rows[i]
                out +=
                    (i == 0
                        ? r.scene.padding(toLength: 30, withPad: " ", startingAt: 0)
                            + pad(String(r.frames), 7)
                        : String(repeating: " ", count: 37))
                    + pad(String(jobs), 6) + pad(format1(fps), 10) + pad(format1(r.speedUp(i)) + "x", 10)
                    + pad(String(format: "%.2f", r.speedUp(i) / Double(jobs)), 9) + "\n"
            }
        }
        return out
    }
}
