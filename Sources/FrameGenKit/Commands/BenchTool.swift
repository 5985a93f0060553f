import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// `framegen bench`: frames per second of rendering (layout, compositing) and of PNG encoding,
/// per scene, in memory. Targets live here, never in timed unit tests.
public enum BenchTool {
    public struct Result: Sendable {
        public var scene: String
        public var frames: Int
        public var pixels: Int
        public var renderSeconds: Double
        public var encodeSeconds: Double
        public var framesPerSecond: Double { Double(frames) / max(renderSeconds + encodeSeconds, 1e-9) }
        public var megapixelsPerSecond: Double { Double(frames * pixels) / 1e6 / max(renderSeconds, 1e-9) }
    }

    /// Renders up to `frames` frames of each scene (the showcase when none is given), spread
    /// evenly over its timeline, with `jobs` threads.
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
            var render = 0.0
            var encode = 0.0
            var pixels = 0
            for i in indices {
                let t0 = now()
                let image = try composer.render(source.frame(i), scale: source.canvas.scale)
                let t1 = now()
                do {
                    _ = try PNG.encode(
                        image, options: PNGEncodingOptions(compressionLevel: source.compression))
                } catch {
                    throw .badInput(name, error.reason)
                }
                encode += now() - t1
                render += t1 - t0
                pixels = image.width * image.height
            }
            results.append(
                Result(
                    scene: name, frames: count, pixels: pixels, renderSeconds: render, encodeSeconds: encode))
        }
        return results
    }

    public static func report(_ results: [Result], json: Bool) -> String {
        if json {
            let items = results.map { r in
                "{\"scene\": \(jsonString(r.scene)), \"frames\": \(r.frames), \"pixels\": \(r.pixels), \"renderSeconds\": \(jsonNumber(r.renderSeconds)), \"encodeSeconds\": \(jsonNumber(r.encodeSeconds)), \"framesPerSecond\": \(jsonNumber(r.framesPerSecond)), \"megapixelsPerSecond\": \(jsonNumber(r.megapixelsPerSecond))}"
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
