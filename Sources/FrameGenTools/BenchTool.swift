import Dispatch
import FrameGenCodecs
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import FrameGenRender
import FrameGenScene
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `framegen bench`: what a user of the benchmark needs per scene: single-thread raster and
/// encode times (medians, warm), bytes per frame, throughput in cells and megapixels, end-to-end
/// frames per second with `--jobs`, and the process's peak memory, each report headed by the CPU
/// paths its figures hold on (`CPUPaths`). Targets live here and in the README, never in timed
/// unit tests.
public enum BenchTool {
    public struct Result: Sendable {
        public var scene: String
        public var frames: Int
        public var jobs: Int
        public var pixels: Int
        /// Elements drawn per frame, on average.
        public var cellsPerFrame: Double
        /// The scene's layouts and timeline for one frame (prepare and queries, a user's layout
        /// included), apart from drawing: the median over the frames, in microseconds; 0 for an
        /// attribute file, whose frames are read, not computed.
        public var layoutMicrosecondsPerFrame: Double = 0
        /// Single thread, warm: medians over the samples (each frame once, the frames again
        /// until there are `Options.minimumSamples`: one frame is measured several times).
        public var rasterMsPerFrame: Double
        public var encodeMsPerFrame: Double
        public var bytesPerFrame: Double
        /// Render and encode, `jobs` frames at a time, over wall-clock time.
        public var framesPerSecond: Double
        public var peakMemoryMB: Double
        /// The fastest sample, and the spread (slowest / fastest - 1) of the samples.
        public var rasterBestMs = 0.0
        public var rasterSpread = 0.0
        public var encodeBestMs = 0.0
        public var encodeSpread = 0.0
        /// Timed renders and encodes (at least `Options.minimumSamples`).
        public var samples = 0
        /// Where a frame of a UIKit layout goes before raster and encode; nil for a scene that
        /// ran no UIKit code and drew no view trees (`rasterMsPerFrame` then has no flattening to
        /// leave out).
        public var uikit: UIKitPhases? = nil
        /// The CPU paths the figures hold on.
        public var isa = CPUPaths.current

        public var cellsPerSecond: Double { cellsPerFrame * 1000 / max(rasterMsPerFrame, 1e-9) }
        public var megapixelsPerSecond: Double { Double(pixels) / 1000 / max(rasterMsPerFrame, 1e-9) }
    }

    /// A UIKit scene's phases per frame, as the host and the renderer time them (Layout's
    /// `PhaseTimes`: each phase without those inside it): medians over the timed samples, in
    /// microseconds. FrameGenRaster and encode are the result's own (`rasterMsPerFrame` leaves the
    /// flattening out).
    ///
    /// Auto Layout runs inside `layoutSubviews()`, so it is timed inside cell configuration
    /// and split out of it: `cellConfigurationMicroseconds` includes it, and
    /// `autoLayoutMicroseconds` says how much of it was the engine's (building, solving and
    /// placing frames, `systemLayoutSizeFitting`, `updateConstraints()`). Wherever the engine
    /// runs (a layout's `prepare()` sizing a cell with it too) it counts as cell configuration.
    /// Flattening is both halves of turning the views into what the compositor draws: the
    /// host reading each cell's layer tree (`draw(_:)` runs then, when due) and the renderer
    /// converting those trees into compositor layers (not the scene photos' textures, which
    /// are drawing, as for a styled cell).
    public struct UIKitPhases: Sendable {
        /// The host's prepare, attribute queries, history replay and delegate callbacks.
        public var layoutMicroseconds: Double
        /// Display passes: `cellForItemAt` or a registration's handler, `apply(_:)`,
        /// `layoutSubviews()`, self-sizing, Auto Layout.
        public var cellConfigurationMicroseconds: Double
        /// The part of cell configuration the Auto Layout engine took.
        public var autoLayoutMicroseconds: Double
        public var flatteningMicroseconds: Double
        /// Every timed sample's phases and the time around them.
        public var samples: [Sample]

        /// One timed sample, in monotonic nanoseconds: the frame's evaluation (its one
        /// measurement, for a frame timed again), drawing and encoding. `total` was measured
        /// around all three, so the phases, measured inside it without overlapping, add up to
        /// no more (`cellConfiguration` includes `autoLayout`).
        public struct Sample: Sendable, Equatable {
            public var layout: Int64
            public var cellConfiguration: Int64
            public var autoLayout: Int64
            public var flattening: Int64
            public var raster: Int64
            public var encode: Int64
            public var total: Int64

            public var phasesSum: Int64 { layout + cellConfiguration + flattening + raster + encode }
        }

        init?(_ samples: [Sample]) {
            guard samples.contains(where: { $0.layout + $0.cellConfiguration + $0.flattening > 0 }) else {
                return nil
            }
            func median(_ part: (Sample) -> Int64) -> Double {
                BenchTool.median(samples.map { Double(part($0)) }) / 1000
            }
            layoutMicroseconds = median(\.layout)
            cellConfigurationMicroseconds = median(\.cellConfiguration)
            autoLayoutMicroseconds = median(\.autoLayout)
            flatteningMicroseconds = median(\.flattening)
            self.samples = samples
        }
    }

    /// A frame's evaluation (timeline, layouts, a UIKit layout's cells) with its phases.
    struct Evaluation {
        var nanoseconds: Int64
        var phases: PhaseTimes
    }

    public struct Options: Sendable {
        public var frames: Int
        public var jobs: Int
        /// nil: each scene's own, as `render` writes it (`PNGEncodingOptions.Compression.frames`
        /// where the scene names none).
        public var compression: PNGEncodingOptions.Compression?
        /// RGB or RGBA as `RenderOptions.rgb`: nil encodes what `render` writes.
        public var rgb: Bool?
        /// Timed samples per scene at least: a scene of fewer frames times them again.
        public static let minimumSamples = 9
        public init(
            frames: Int = 30, jobs: Int = 1, compression: PNGEncodingOptions.Compression? = nil,
            rgb: Bool? = nil
        ) {
            self.frames = frames
            self.jobs = jobs
            self.compression = compression
            self.rgb = rgb
        }
    }

    /// Measures up to `frames` frames of each scene (the showcase when none is given), spread
    /// evenly over its timeline.
    public static func run(
        scenes: [String], options: Options, layouts: [LayoutDescriptor] = LayoutRegistry.builtIn
    ) throws(FrameGenError) -> [Result] {
        let sources = try load(scenes, layouts: layouts)
        var results: [Result] = []
        for (name, source) in sources {
            let count = min(options.frames, source.frameCount)
            let frameCount = source.frameCount
            let evaluate: @Sendable (Int) -> AttributeFrame = { i in
                source.frame(sampledFrame(i, count, over: frameCount))
            }
            var evaluations: [Evaluation] = []
            let frames = (0..<count).map { i in
                let clock = PhaseClock()
                let (frame, nanoseconds) = clock.timing {
                    let t0 = PhaseClock.now()
                    let frame = evaluate(i)
                    return (frame, PhaseClock.now() - t0)
                }
                evaluations.append(Evaluation(nanoseconds: nanoseconds, phases: clock.times))
                return frame
            }
            var sceneOptions = options
            sceneOptions.compression = options.compression ?? source.compression
            var result = try measure(
                name: name, canvas: source.canvas, style: source.style, kindStyles: source.kindStyles,
                frames: frames, evaluations: evaluations, evaluate: evaluate,
                channels: try source.channels(asked: options.rgb), options: sceneOptions)
            result.layoutMicrosecondsPerFrame = median(evaluations.map { Double($0.nanoseconds) }) / 1000
            results.append(result)
        }
        return results
    }

    /// The scenes by name, the showcase when none is given.
    static func load(_ scenes: [String], layouts: [LayoutDescriptor]) throws(FrameGenError)
        -> [(String, FrameSource)]
    {
        var sources: [(String, FrameSource)] = []
        if scenes.isEmpty {
            let parsed = try Scene(document: parseDocument(Showcase.scene, file: "<showcase>"), folder: ".")
            sources.append(("showcase", try FrameSource(scene: parsed)))
        }
        for path in scenes { sources.append((path, try FrameSource.load(path, fps: nil, layouts: layouts))) }
        return sources
    }

    /// One PNG setting on one scene's frames (`bench --compression all`).
    public struct Compression: Sendable {
        public var scene: String
        public var setting: PNGEncodingOptions.Compression
        /// Single thread: the median and the best over the samples.
        public var encodeMs: Double
        public var encodeBestMs: Double
        public var bytesPerFrame: Double
        /// No other setting is both at least as fast and at least as small (and better in one).
        public var isParetoOptimal = false
        /// The CPU paths the figures hold on.
        public var isa = CPUPaths.current
    }

    /// Every PNG setting (`fastest`, `fast`, then 0 to 9) on the same frames of each scene: encode time and
    /// size, and which settings no other one beats in both.
    public static func compareCompression(
        scenes: [String], frames: Int, rgb: Bool? = nil, layouts: [LayoutDescriptor] = LayoutRegistry.builtIn
    ) throws(FrameGenError) -> [Compression] {
        var out: [Compression] = []
        let settings = [PNGEncodingOptions.Compression.fastest, .fast] + (0...9).map { .level($0) }
        for (name, source) in try load(scenes, layouts: layouts) {
            let count = min(frames, source.frameCount)
            let composer = try FrameComposer(
                canvas: source.canvas, style: source.style, kindStyles: source.kindStyles)
            var images: [Image] = []
            for i in 0..<count {
                let frame = source.frame(sampledFrame(i, count, over: source.frameCount))
                images.append(try composer.render(frame, scale: source.canvas.scale))
            }
            var rows: [Compression] = []
            let channels = try source.channels(asked: rgb)
            for setting in settings {
                let options = PNGEncodingOptions(channels: channels, compression: setting)
                var times: [Double] = []
                var bytes = 0
                for k in 0..<max(images.count, Options.minimumSamples) {
                    let t0 = now()
                    let size: Int
                    do {
                        size = try PNG.encode(images[k % images.count], options: options, threads: 1).count
                    } catch {
                        throw .badInput(name, error.reason)
                    }
                    times.append(now() - t0)
                    bytes += size
                }
                rows.append(
                    Compression(
                        scene: name, setting: setting, encodeMs: median(times) * 1000,
                        encodeBestMs: (times.min() ?? 0) * 1000,
                        bytesPerFrame: Double(bytes) / Double(times.count)))
            }
            for i in rows.indices {
                rows[i].isParetoOptimal = !rows.contains { o in
                    o.encodeMs <= rows[i].encodeMs && o.bytesPerFrame <= rows[i].bytesPerFrame
                        && (o.encodeMs < rows[i].encodeMs || o.bytesPerFrame < rows[i].bytesPerFrame)
                }
            }
            out += rows
        }
        return out
    }

    /// The table of `compareCompression`, one block per scene; `*` marks the Pareto front.
    public static func report(_ rows: [Compression], json: Bool) -> String {
        if json {
            let items = rows.map { r in
                "{\"scene\": \(jsonString(r.scene)), \"compression\": \(jsonString(r.setting.description)), \"encodeMs\": \(jsonNumber(r.encodeMs)), \"encodeBestMs\": \(jsonNumber(r.encodeBestMs)), \"bytesPerFrame\": \(jsonNumber(r.bytesPerFrame.rounded())), \"paretoOptimal\": \(r.isParetoOptimal), \"isa\": \(r.isa.json)}"
            }
            return "[\n  " + items.joined(separator: ",\n  ") + "\n]\n"
        }
        var out = rows.first.map { $0.isa.line + "\n" } ?? ""
        var scene: String?
        for r in rows {
            if r.scene != scene {
                out +=
                    (scene == nil ? "" : "\n") + r.scene
                    + "\n  compression  encode ms (best)   KB/frame  Pareto\n"
                scene = r.scene
            }
            out +=
                "  " + r.setting.description.padding(toLength: 11, withPad: " ", startingAt: 0)
                + pad(format1(r.encodeMs) + " (" + format1(r.encodeBestMs) + ")", 17)
                + pad(format1(r.bytesPerFrame / 1024), 11) + (r.isParetoOptimal ? "       *" : "") + "\n"
        }
        return out
    }

    /// `evaluations`: how each frame was computed, when it was (a scene's); `evaluate` computes
    /// frame k again, for the end-to-end run's workers, which compute their frames as `render`'s
    /// do.
    static func measure(
        name: String, canvas: Canvas, style: ElementStyle, kindStyles: [String: ElementStyle],
        frames: [AttributeFrame], evaluations: [Evaluation] = [],
        evaluate: (@Sendable (Int) -> AttributeFrame)? = nil, channels: PNGEncodingOptions.Channels,
        options: Options
    ) throws(FrameGenError) -> Result {
        let composer = try FrameComposer(canvas: canvas, style: style, kindStyles: kindStyles)
        let encoding = PNGEncodingOptions(channels: channels, compression: options.compression ?? .frames)
        @Sendable func encode(_ image: Image, threads: Int = 1) throws(FrameGenError) -> [UInt8] {
            do { return try PNG.encode(image, options: encoding, threads: threads) } catch {
                throw .badInput(name, error.reason)
            }
        }
        // Textures are made on first use: one untimed frame first keeps that out of the numbers.
        // Each frame is drawn into the previous one's memory, as `render`'s workers do.
        var buffer: Image? = try composer.render(frames[0], scale: canvas.scale)
        // 1. One thread: raster and encode timed apart.
        var raster: [Double] = []
        var encodeTimes: [Double] = []
        var phases: [UIKitPhases.Sample] = []
        var bytes = 0
        // Drawing and encoding, as the end-to-end time counts them (flattening included).
        var drawAndEncode: Int64 = 0
        // A single measurement is not a benchmark on a noisy machine: few frames are timed again.
        let samples = max(frames.count, Options.minimumSamples)
        for k in 0..<samples {
            let frame = frames[k % frames.count]
            // A frame drawn again is timed drawn, not copied from its previous drawing.
            if samples > frames.count { composer.forgetDrawnLayers() }
            // The renderer's flattening (cells' trees into compositor layers) is timed inside
            // the drawing and taken out of the raster time.
            let clock = PhaseClock()
            let (image, t0, t1) = try clock.timing { () throws(FrameGenError) in
                let t0 = PhaseClock.now()
                let image = try composer.render(frame, scale: canvas.scale, reusing: &buffer)
                return (image, t0, PhaseClock.now())
            }
            bytes += try encode(image).count
            let t2 = PhaseClock.now()
            buffer = image
            let flattening = clock.times.total
            raster.append(Double(t1 - t0 - flattening) / 1e9)
            encodeTimes.append(Double(t2 - t1) / 1e9)
            drawAndEncode += t2 - t0
            if !evaluations.isEmpty {
                let e = evaluations[k % frames.count]
                phases.append(
                    UIKitPhases.Sample(
                        layout: e.phases.layout,
                        cellConfiguration: e.phases.cellConfiguration + e.phases.autoLayout,
                        autoLayout: e.phases.autoLayout, flattening: e.phases.flattening + flattening,
                        raster: t1 - t0 - flattening, encode: t2 - t1, total: e.nanoseconds + t2 - t0))
            }
        }
        // 2. End to end with `jobs` threads: workers compute, draw and encode the next frame, as
        // `render`'s do (a UIKit layout's cells can cost as much as drawing them).
        let jobs = max(1, options.jobs)
        let wall: Double
        if jobs == 1 {
            let evaluation = evaluations.reduce(0) { $0 + $1.nanoseconds }
            wall =
                (Double(evaluation) + Double(drawAndEncode) * Double(frames.count) / Double(samples)) / 1e9
        } else {
            let workers = min(jobs, frames.count)
            let start = now()
            try FrameScheduler.run(count: frames.count, workers: workers) { k, buffer throws(FrameGenError) in
                let image = try composer.render(
                    evaluate?(k) ?? frames[k], scale: canvas.scale, bands: max(1, jobs / workers),
                    reusing: &buffer)
                _ = try encode(image, threads: max(1, jobs / workers))
                buffer = image
            }
            wall = now() - start
        }
        let cells = frames.reduce(0) { $0 + $1.views.reduce(0) { $0 + $1.elements.count } }
        return Result(
            scene: name, frames: frames.count, jobs: jobs, pixels: canvas.pixelWidth * canvas.pixelHeight,
            cellsPerFrame: Double(cells) / Double(frames.count), rasterMsPerFrame: median(raster) * 1000,
            encodeMsPerFrame: median(encodeTimes) * 1000, bytesPerFrame: Double(bytes) / Double(samples),
            framesPerSecond: Double(frames.count) / max(wall, 1e-9), peakMemoryMB: peakMemoryMB(),
            rasterBestMs: (raster.min() ?? 0) * 1000, rasterSpread: spread(raster),
            encodeBestMs: (encodeTimes.min() ?? 0) * 1000, encodeSpread: spread(encodeTimes),
            samples: samples,
            uikit: UIKitPhases(phases))
    }

    /// `--scaling`: raster time as the work grows, cells (10 to 1000 photos of 60 x 60 pt,
    /// rotated and overlapping) at scale 2, then scale 1 to 3 at 100 cells. Time should grow
    /// with covered pixels and no faster: the last column (ns per covered pixel) stays flat.
    public static func scaling(frames: Int) throws(FrameGenError) -> String {
        var out = CPUPaths.current.line + "\n" + "cells  scale  covered Mpx  raster ms/frame  ns/covered px\n"
        let cases = [10, 30, 100, 300, 1000].map { ($0, 2.0) } + [1.0, 1.5, 2.5, 3.0].map { (100, $0) }
        for (cells, scale) in cases {
            let canvas = Canvas(width: 600, height: 600, scale: scale, background: .color(.black))
            let frame = syntheticFrame(cells: cells, canvas: canvas)
            let r = try measure(
                name: "synthetic", canvas: canvas, style: ElementStyle(), kindStyles: [:],
                frames: Array(repeating: frame, count: max(1, frames)), channels: .rgb,
                options: Options(frames: frames))
            let covered = Double(cells) * 60 * 60 * scale * scale
            out +=
                pad(String(cells), 5) + pad(format1(scale), 7) + pad(format1(covered / 1e6), 13)
                + pad(format1(r.rasterMsPerFrame), 17) + pad(format1(r.rasterMsPerFrame * 1e6 / covered), 15)
                + "\n"
        }
        return out
    }

    /// Photos of 60 x 60 pt on a jittered grid over the canvas, each turned a little.
    static func syntheticFrame(cells: Int, canvas: Canvas) -> AttributeFrame {
        var random = SeededRandom(seed: 7)
        let side = Int(Double(cells).squareRoot().rounded(.up))
        let pitch = (canvas.width - 60) / Double(max(side - 1, 1))
        let elements = (0..<cells).map { i in
            var a = LayoutAttributes.cell(
                IndexPath(item: i, section: 0),
                frame: Rect(
                    x: Double(i % side) * pitch + random.nextUnit() * 4,
                    y: Double(i / side) * pitch + random.nextUnit() * 4, width: 60, height: 60))
            a.transform3D = .makeRotation((random.nextUnit() - 0.5) * 0.4, 0, 0, 1)
            return AttributeElement(attributes: a, image: ImageName.photo(seed: 1, index: i % 16))
        }
        return AttributeFrame(
            index: 0, time: 0,
            views: [AttributeView(bounds: Rect(origin: .zero, size: canvas.size), elements: elements)])
    }

    public static func report(_ results: [Result], json: Bool) -> String {
        if json {
            let items = results.map { r in
                var uikit = ""
                if let u = r.uikit {
                    uikit =
                        ", \"uikit\": {\"layoutMicroseconds\": \(jsonNumber(u.layoutMicroseconds.rounded())), \"cellConfigurationMicroseconds\": \(jsonNumber(u.cellConfigurationMicroseconds.rounded())), \"autoLayoutMicroseconds\": \(jsonNumber(u.autoLayoutMicroseconds.rounded())), \"flatteningMicroseconds\": \(jsonNumber(u.flatteningMicroseconds.rounded()))}"
                }
                return
                    "{\"scene\": \(jsonString(r.scene)), \"frames\": \(r.frames), \"jobs\": \(r.jobs), \"pixels\": \(r.pixels), \"layoutMicrosecondsPerFrame\": \(jsonNumber(r.layoutMicrosecondsPerFrame.rounded())), \"rasterMsPerFrame\": \(jsonNumber(r.rasterMsPerFrame)), \"encodeMsPerFrame\": \(jsonNumber(r.encodeMsPerFrame)), \"rasterBestMs\": \(jsonNumber(r.rasterBestMs)), \"rasterSpread\": \(jsonNumber(r.rasterSpread)), \"encodeBestMs\": \(jsonNumber(r.encodeBestMs)), \"encodeSpread\": \(jsonNumber(r.encodeSpread)), \"samples\": \(r.samples), \"bytesPerFrame\": \(jsonNumber(r.bytesPerFrame.rounded())), \"cellsPerSecond\": \(jsonNumber(r.cellsPerSecond.rounded())), \"megapixelsPerSecond\": \(jsonNumber(r.megapixelsPerSecond)), \"framesPerSecond\": \(jsonNumber(r.framesPerSecond)), \"peakMemoryMB\": \(jsonNumber(r.peakMemoryMB.rounded()))\(uikit), \"isa\": \(r.isa.json)}"
            }
            return "[\n  " + items.joined(separator: ",\n  ") + "\n]\n"
        }
        var out =
            (results.first.map { $0.isa.line + "\n" } ?? "")
            + "scene                           frames  layout us  raster ms (best, spread)  encode ms (best, spread)   KB/frame   cells/s    Mpx/s   frames/s (jobs)  peak MB\n"
        for r in results {
            let name = r.scene.count > 30 ? "..." + r.scene.suffix(27) : r.scene
            out +=
                name.padding(toLength: 32, withPad: " ", startingAt: 0)
                + pad(String(r.frames), 6) + pad(String(Int(r.layoutMicrosecondsPerFrame.rounded())), 11)
                + pad(timing(r.rasterMsPerFrame, r.rasterBestMs, r.rasterSpread), 26)
                + pad(timing(r.encodeMsPerFrame, r.encodeBestMs, r.encodeSpread), 26)
                + pad(format1(r.bytesPerFrame / 1024), 11)
                + pad(String(Int(r.cellsPerSecond.rounded())), 10) + pad(format1(r.megapixelsPerSecond), 9)
                + pad(format1(r.framesPerSecond) + " (\(r.jobs))", 17) + pad(String(Int(r.peakMemoryMB)), 9)
                + "\n"
            // Under the scene's row, so that the table of other scenes keeps its columns.
            if let u = r.uikit {
                func us(_ x: Double) -> String { String(Int(x.rounded())) }
                out +=
                    "  UIKit us/frame: layout \(us(u.layoutMicroseconds)), cell configuration \(us(u.cellConfigurationMicroseconds)) (Auto Layout \(us(u.autoLayoutMicroseconds))), flattening \(us(u.flatteningMicroseconds))\n"
            }
        }
        return out
    }

    /// "12.3 (11.9, 4%)": the median, the best and the spread of a time.
    static func timing(_ median: Double, _ best: Double, _ spread: Double) -> String {
        "\(format1(median)) (\(format1(best)), \(Int((spread * 100).rounded()))%)"
    }

    /// slowest / fastest - 1: 0.04 when the samples lie within 4 % of each other.
    static func spread(_ xs: [Double]) -> Double {
        guard let lo = xs.min(), let hi = xs.max(), lo > 0 else { return 0 }
        return hi / lo - 1
    }

    /// The `i`th of `count` frames spread evenly over a timeline of `frameCount`, first and last
    /// included.
    static func sampledFrame(_ i: Int, _ count: Int, over frameCount: Int) -> Int {
        count == 1 ? 0 : i * (frameCount - 1) / (count - 1)
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? 0 : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The process's peak resident memory so far (Linux reports ru_maxrss in KiB).
    static func peakMemoryMB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    static func pad(_ s: String, _ n: Int) -> String {
        String(repeating: " ", count: max(0, n - s.count)) + s
    }

    static func now() -> Double { ProgressReporter.now() }
}
