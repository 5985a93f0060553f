import Dispatch
import Raster
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `framegen bench`: frames per second of rendering (layout, compositing) and of PNG encoding,
/// per scene, in memory. Targets live here, never in timed unit tests.
public enum BenchTool {
    public struct Result: Sendable {
        public var scene: String
        public var frames: Int
        public var jobs: Int
        public var pixels: Int
        /// Summed over threads.
        public var renderSeconds: Double
        public var encodeSeconds: Double
        public var wallSeconds: Double
        public var framesPerSecond: Double { Double(frames) / max(wallSeconds, 1e-9) }
        /// Per thread-second of rendering.
        public var megapixelsPerSecond: Double { Double(frames * pixels) / 1e6 / max(renderSeconds, 1e-9) }
    }

    /// Renders and encodes up to `frames` frames of each scene (the showcase when none is
    /// given), spread evenly over its timeline, with `jobs` threads.
    public static func run(scenes: [String], frames: Int, jobs: Int) throws(FrameGenError) -> [Result] {
        var sources: [(String, FrameSource)] = []
        if scenes.isEmpty {
            let parsed = try Scene(document: parseDocument(Showcase.scene, file: "<showcase>"), folder: ".")
            sources.append(("showcase", try FrameSource(scene: parsed)))
        }
        for path in scenes { sources.append((path, try FrameSource.load(path, fps: nil))) }
        var results: [Result] = []
        for (name, source) in sources {
            let composer = try FrameComposer(
                canvas: source.canvas, style: source.style, kindStyles: source.kindStyles)
            let count = min(frames, source.frameCount)
            let indices = (0..<count).map { count == 1 ? 0 : $0 * (source.frameCount - 1) / (count - 1) }
            // Textures are made on first use; one untimed frame keeps that out of the numbers.
            _ = try composer.render(source.frame(indices[0]), scale: source.canvas.scale)
            // Workers take the next frame; render and encode times are summed over threads,
            // frames per second is over the wall-clock time of the whole batch.
            let totals = Mutex((render: 0.0, encode: 0.0, pixels: 0, failure: FrameGenError?.none))
            let next = Atomic<Int>(0)
            let start = now()
            DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
                while true {
                    let k = next.add(1, ordering: .relaxed).oldValue
                    if k >= count { return }
                    do throws(FrameGenError) {
                        let t0 = now()
                        let image = try composer.render(source.frame(indices[k]), scale: source.canvas.scale)
                        let t1 = now()
                        do throws(PNGError) {
                            _ = try PNG.encode(
                                image, options: PNGEncodingOptions(compressionLevel: source.compression))
                        } catch {
                            throw FrameGenError.badInput(name, error.reason)
                        }
                        let t2 = now()
                        totals.withLock {
                            $0.render += t1 - t0
                            $0.encode += t2 - t1
                            $0.pixels = image.width * image.height
                        }
                    } catch {
                        totals.withLock { if $0.failure == nil { $0.failure = error } }
                        return
                    }
                }
            }
            let wall = now() - start
            let t = totals.withLock { $0 }
            if let failure = t.failure { throw failure }
            let (render, encode, pixels) = (t.render, t.encode, t.pixels)
            results.append(
                Result(
                    scene: name, frames: count, jobs: max(1, min(jobs, count)), pixels: pixels,
                    renderSeconds: render,
                    encodeSeconds: encode, wallSeconds: wall))
        }
        return results
    }

    public static func report(_ results: [Result], json: Bool) -> String {
        if json {
            let items = results.map { r in
                "{\"scene\": \(jsonString(r.scene)), \"frames\": \(r.frames), \"jobs\": \(r.jobs), \"pixels\": \(r.pixels), \"renderSeconds\": \(jsonNumber(r.renderSeconds)), \"encodeSeconds\": \(jsonNumber(r.encodeSeconds)), \"wallSeconds\": \(jsonNumber(r.wallSeconds)), \"framesPerSecond\": \(jsonNumber(r.framesPerSecond)), \"megapixelsPerSecond\": \(jsonNumber(r.megapixelsPerSecond))}"
            }
            return "[\n  " + items.joined(separator: ",\n  ") + "\n]\n"
        }
        var out = "scene                           frames   render s   encode s   frames/s   Mpx/s (render)\n"
        for r in results {
            let name = r.scene.count > 30 ? "..." + r.scene.suffix(27) : r.scene
            out +=
                name.padding(toLength: 32, withPad: " ", startingAt: 0)
                + pad(String(r.frames), 6) + pad(format1(r.renderSeconds), 11)
                + pad(format1(r.encodeSeconds), 11)
                + pad(format1(r.framesPerSecond), 11) + pad(format1(r.megapixelsPerSecond), 17) + "\n"
        }
        return out
    }

    private static func pad(_ s: String, _ n: Int) -> String {
        String(repeating: " ", count: max(0, n - s.count)) + s
    }

    static func now() -> Double { ProgressReporter.now() }
}
