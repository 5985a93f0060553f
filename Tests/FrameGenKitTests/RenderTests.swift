import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene
@testable import FrameGenTools

/// A small, fast scene: 20 frames of a scrolled, rotated, shadowed grid at 120 x 200 px.
private let tinyScene = """
    name: tiny
    canvas: {width: 240, height: 400, scale: 0.5, background: "#203040"}
    content: {items: 30}
    layout: {type: flow, itemSize: [70, 70]}
    cell: {border: {width: 2, color: white}, shadow: {opacity: 0.5, radius: 3, offset: [0, 2]}, cornerRadius: 6, clipsToBounds: true}
    timeline:
      - scroll: {to: [0, 300], duration: 0.4}
      - set: {layout: {itemSize: [100, 60]}, duration: 0.25}
    """

private struct Folder {
    let path = NSTemporaryDirectory() + "framegen-render-" + UUID().uuidString
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
    /// The frames in a folder (not its manifest).
    func files(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + dir)) ?? []).filter {
            $0.hasSuffix(".png")
        }.sorted()
    }
    func bytes(_ dir: String, _ name: String) -> Data? {
        FileManager.default.contents(atPath: "\(path)/\(dir)/\(name)")
    }
}

private func source(_ folder: Folder) throws -> FrameSource {
    let scenePath = folder.path + "/tiny.yaml"
    try tinyScene.write(toFile: scenePath, atomically: true, encoding: .utf8)
    return try FrameSource.load(scenePath, fps: nil)
}

@Suite(.serialized) struct RenderTests {
    @Test(.heavy, .tags(.heavy)) func framesAloneMatchAFullRenderAndJobsDoNotMatter() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let s = try source(folder)
        expect(s.frameCount == 21)  // ceil(0.65 x 30) + 1 (docs/layouts-and-motion.md "Frames and time")
        let full = try RenderPipeline.run(
            s, options: RenderOptions(directory: folder.path + "/full", jobs: 2))
        expect(full.rendered == 21)
        _ = try RenderPipeline.run(s, options: RenderOptions(directory: folder.path + "/serial", jobs: 1))
        _ = try RenderPipeline.run(
            s, options: RenderOptions(directory: folder.path + "/part", frames: 10...12, jobs: 2))
        expect(folder.files("part") == ["frame_0010.png", "frame_0011.png", "frame_0012.png"])
        for name in folder.files("full") {
            expect(folder.bytes("full", name) == folder.bytes("serial", name), "\(name)")
        }
        for name in folder.files("part") {
            expect(folder.bytes("full", name) == folder.bytes("part", name), "\(name)")
        }
        let image = try PNG.decode(file: folder.path + "/full/frame_0000.png")
        expect(image.width == 120 && image.height == 200)
        expect(full.ffmpegCommand.contains("-framerate 30"))
    }

    @Test func anInterruptedRenderResumes() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let s = try source(folder)
        let dir = folder.path + "/out"
        _ = try RenderPipeline.run(s, options: RenderOptions(directory: dir, frames: 0...4, jobs: 1))
        // A crash leaves only complete frames and perhaps a temporary file, never a partial PNG;
        // a frame changed since it was recorded (here by hand) is rendered again.
        let frame2 = folder.bytes("out", "frame_0002.png")
        let marker = Data("kept".utf8)
        _ = FileManager.default.createFile(atPath: dir + "/frame_0002.png", contents: marker)
        let resumed = try RenderPipeline.run(s, options: RenderOptions(directory: dir, jobs: 2))
        expect(resumed.kept == 4 && resumed.rendered == 17)
        expect(folder.bytes("out", "frame_0002.png") == frame2)
        let forced = try RenderPipeline.run(
            s, options: RenderOptions(directory: dir, frames: 2...2, jobs: 1, force: true))
        expect(forced.rendered == 1)
        expect(folder.bytes("out", "frame_0002.png") == frame2)
    }

    @Test func attributeFilesRenderLikeTheirScene() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let s = try source(folder)
        let json = folder.path + "/tiny.json"
        _ = try AttributesTool.run(scene: folder.path + "/tiny.yaml", selection: .all, output: json)
        let fromFile = try FrameSource.load(json, fps: nil)
        expect(fromFile.frameCount == 21)
        _ = try RenderPipeline.run(s, options: RenderOptions(directory: folder.path + "/a", frames: 7...8))
        _ = try RenderPipeline.run(
            fromFile, options: RenderOptions(directory: folder.path + "/b", frames: 7...8))
        for name in folder.files("a") { expect(folder.bytes("a", name) == folder.bytes("b", name)) }
    }

    @Test func badInputAndUnwritableOutputGiveTheirStatuses() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let bad = folder.path + "/bad.json"
        try #"{"format": "framegen.attributes/1", "frames": [{"bounds": [0, 0, 1], "elements": []}]}"#.write(
            toFile: bad, atomically: true, encoding: .utf8)
        #expect(throws: FrameGenError.self) { try FrameSource.load(bad, fps: nil) }
        do {
            _ = try FrameSource.load(bad, fps: nil)
        } catch {
            expect(error.kind == .badInput)
            expect(error.description.contains("frames[0].bounds"))
        }
        let s = try source(folder)
        try Data().write(to: URL(fileURLWithPath: folder.path + "/file"))
        do {
            _ = try RenderPipeline.run(
                s, options: RenderOptions(directory: folder.path + "/file/sub", frames: 0...0))
            Issue.record("no error")
        } catch {
            expect(error.kind == .cannotWrite)
        }
        do {
            _ = try RenderPipeline.run(
                s, options: RenderOptions(directory: folder.path + "/x", frames: 5...99))
            Issue.record("no error")
        } catch {
            expect(error.kind == .badInput)
        }
    }

    /// `bench --compression all`: every setting on the same frames; the Pareto front is the
    /// settings no other one beats in both time and size.
    @Test func benchComparesEveryCompressionSetting() throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try source(folder)
        let rows = try BenchTool.compareCompression(scenes: [folder.path + "/tiny.yaml"], frames: 2)
        let levels: [String] = (0...9).map { String($0) }
        expect(rows.map(\.setting.description) == ["fastest", "fast"] + levels)
        expect(rows.contains { $0.isParetoOptimal })
        for r in rows {
            let dominated = rows.contains { o in
                o.encodeMs <= r.encodeMs && o.bytesPerFrame <= r.bytesPerFrame
                    && (o.encodeMs < r.encodeMs || o.bytesPerFrame < r.bytesPerFrame)
            }
            expect(r.isParetoOptimal == !dominated)
        }
        // Level 0 stores: the largest files.
        expect(rows[2].bytesPerFrame == rows.map(\.bytesPerFrame).max())
        let table = BenchTool.report(rows, json: false)
        expect(table.contains("Pareto") && table.contains("  fast"))
        expect(BenchTool.report(rows, json: true).contains("\"paretoOptimal\": "))
    }

    /// Every bench report is headed by the CPU paths its figures hold on, and says so where the
    /// ceiling asked for more than the CPU has. (The values are built here: the ceiling is the
    /// process's, and a test elsewhere may be setting it.)
    @Test func benchNamesItsCPUPaths() throws {
        var paths = CPUPaths(
            level: "avx2", cpu: "avx2", ceiling: nil, pngFilter: "avx2", deflate: "avx2", decode: "sse2",
            rasterRows: "avx2", ceilingAboveCPU: false)
        expect(
            paths.line
                == "isa: avx2 (cpu: avx2; png filter avx2, deflate avx2, decode sse2, raster rows avx2)")
        paths.ceiling = "avx512"
        paths.ceilingAboveCPU = true
        expect(paths.line.hasPrefix("isa: avx2 (avx512 asked, which this CPU lacks; cpu: avx2; png filter"))
        expect(
            paths.json
                == "{\"level\": \"avx2\", \"cpu\": \"avx2\", \"ceiling\": \"avx512\", \"pngFilter\": \"avx2\", \"deflate\": \"avx2\", \"decode\": \"sse2\", \"rasterRows\": \"avx2\"}"
        )
        let folder = try Folder()
        defer { folder.remove() }
        _ = try source(folder)
        let results = try BenchTool.run(
            scenes: [folder.path + "/tiny.yaml"], options: BenchTool.Options(frames: 1))
        expect(BenchTool.report(results, json: false).hasPrefix("isa: "))
        expect(BenchTool.report(results, json: true).contains("\"isa\": {\"level\": "))
        for bad in ["sse4.1", "scalar"] {
            #expect(
                throws: FrameGenError.badInput(nil, "--isa \(bad) is none of portable, sse2, avx2, avx512")
            ) {
                try CPUPaths.setCeiling(isa: bad, environment: { _ in nil })
            }
        }
    }

    /// `bench --jobs-scaling` times 1, 2, 4... workers up to the cores (the core count itself
    /// last), each the same way, and states each count's speed-up over one worker.
    @Test func benchScalesJobsUpToTheCores() throws {
        expect(BenchTool.jobCounts(cores: 1) == [1])
        expect(BenchTool.jobCounts(cores: 2) == [1, 2])
        expect(BenchTool.jobCounts(cores: 6) == [1, 2, 4, 6])
        expect(BenchTool.jobCounts(cores: 16) == [1, 2, 4, 8, 16])
        let folder = try Folder()
        defer { folder.remove() }
        _ = try source(folder)
        let results = try BenchTool.jobsScaling(scenes: [folder.path + "/tiny.yaml"], frames: 2, cores: 3)
        expect(results.count == 1)
        expect(results[0].rows.map(\.jobs) == [1, 2, 3])
        expect(results[0].rows.allSatisfy { $0.framesPerSecond > 0 })
        expect(results[0].speedUp(0) == 1)
        let table = BenchTool.report(results, json: false)
        expect(table.hasPrefix("isa: ") && table.contains("speed-up"))
        expect(BenchTool.report(results, json: true).contains("\"speedUp\": "))
    }

    @Test func benchReportsEveryScene() throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try source(folder)
        let results = try BenchTool.run(
            scenes: [folder.path + "/tiny.yaml"], options: BenchTool.Options(frames: 4, jobs: 2))
        expect(results.count == 1 && results[0].frames == 4 && results[0].jobs == 2)
        expect(results[0].pixels == 120 * 200)
        let r = results[0]
        expect(r.rasterMsPerFrame > 0 && r.encodeMsPerFrame > 0 && r.framesPerSecond > 0)
        expect(r.layoutMicrosecondsPerFrame > 0)
        // Four frames are timed again up to nine samples; the best is no slower than the median.
        expect(r.samples == BenchTool.Options.minimumSamples)
        expect(r.rasterBestMs <= r.rasterMsPerFrame && r.rasterSpread >= 0)
        expect(r.encodeBestMs <= r.encodeMsPerFrame && r.encodeSpread >= 0)
        expect(r.peakMemoryMB > 1 && r.bytesPerFrame > 8)
        // Styled cells: no UIKit phases, in the result, the table or the JSON.
        expect(r.uikit == nil)
        expect(!BenchTool.report(results, json: false).contains("UIKit"))
        // Each frame's bytes are a PNG: the mean lies between the smallest and largest frame.
        let json = BenchTool.report(results, json: true)
        for key in [
            "scene", "frames", "jobs", "layoutMicrosecondsPerFrame", "rasterMsPerFrame", "encodeMsPerFrame",
            "bytesPerFrame",
            "cellsPerSecond",
            "megapixelsPerSecond", "framesPerSecond", "peakMemoryMB",
        ] {
            expect(json.contains("\"\(key)\": "), "missing \(key)")
        }
        expect(!json.contains("\"uikit\""))
    }

    @Test func rgbOutputOnlyOverAnOpaqueCanvas() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let s = try source(folder)
        _ = try RenderPipeline.run(
            s, options: RenderOptions(directory: folder.path + "/rgb", frames: 0...0, rgb: true))
        let info = try PNG.readInfo(file: folder.path + "/rgb/frame_0000.png")
        expect(!info.colorType.hasAlphaChannel)
        var clear = s
        clear.canvas.background = .color(Color(r: 0, g: 0, b: 0, a: 0))
        do {
            _ = try RenderPipeline.run(
                clear, options: RenderOptions(directory: folder.path + "/x", frames: 0...0, rgb: true))
            Issue.record("no error")
        } catch {
            expect(error.kind == .badInput)
        }
    }

    /// An opaque canvas is written as RGB unless the scene or `--rgba` asks for RGBA; a
    /// translucent one keeps its alpha channel.
    @Test func channelsFollowTheCanvasUnlessAsked() throws {
        let folder = try Folder()
        defer { folder.remove() }
        var renders = 0
        func colorType(_ extra: String, rgb: Bool? = nil) throws -> PNGInfo.ColorType {
            renders += 1
            let name = "s\(renders)"
            let path = folder.path + "/\(name).yaml"
            try (tinyScene + "\n" + extra + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            _ = try RenderPipeline.run(
                try FrameSource.load(path, fps: nil),
                options: RenderOptions(directory: folder.path + "/" + name, frames: 0...0, rgb: rgb))
            return try PNG.readInfo(file: folder.path + "/\(name)/frame_0000.png").colorType
        }
        try expect(colorType("") == .rgb)
        try expect(colorType("output: {channels: rgb}") == .rgb)
        try expect(colorType("output: {channels: rgba}") == .rgba)
        try expect(colorType("", rgb: false) == .rgba)
        try expect(colorType("output: {channels: rgba}", rgb: true) == .rgb)
        let translucent = tinyScene.replacingOccurrences(of: "\"#203040\"", with: "\"#20304080\"")
        let path = folder.path + "/translucent.yaml"
        try translucent.write(toFile: path, atomically: true, encoding: .utf8)
        _ = try RenderPipeline.run(
            try FrameSource.load(path, fps: nil),
            options: RenderOptions(directory: folder.path + "/translucent", frames: 0...0))
        try expect(PNG.readInfo(file: folder.path + "/translucent/frame_0000.png").colorType == .rgba)
    }

    @Test func memoryBudgetSizes() {
        expect(RenderOptions.byteSize("64M") == 64 << 20)
        expect(RenderOptions.byteSize("64") == 64 << 20)
        expect(RenderOptions.byteSize("1.5GiB") == 3 << 29)
        expect(RenderOptions.byteSize("2048kb") == 2 << 20)
        expect(RenderOptions.byteSize("512K") == nil)  // under 1 MiB
        expect(RenderOptions.byteSize("lots") == nil)
        expect(RenderOptions.byteSize("-5M") == nil)
    }

    @Test func aOneFrameRenderDrawnInBandsIsByteIdentical() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let s = try source(folder)
        for jobs in [1, 3, 8] {
            _ = try RenderPipeline.run(
                s, options: RenderOptions(directory: folder.path + "/j\(jobs)", frames: 5...5, jobs: jobs))
        }
        let one = try #require(folder.bytes("j1", "frame_0005.png"))
        expect(folder.bytes("j3", "frame_0005.png") == one)
        expect(folder.bytes("j8", "frame_0005.png") == one)
    }
}
