import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

/// docs/formats.md §3: frames on disk are kept only under a manifest that matches; nothing in
/// an output folder is ever from another render without saying so.
@Suite(.serialized) struct OutputManifestTests {
    private let root = NSTemporaryDirectory() + "framegen-manifest-" + UUID().uuidString

    private func scene(scroll: Int, duration: Double, images: Bool = false) -> String {
        """
        name: m
        canvas: {width: 120, height: 200, scale: 0.5, background: "#203040"}
        content: {items: 12\(images ? ", images: [a.png, b.png]" : "")}
        layout: {type: flow, itemSize: [50, 50]}
        timeline:
          - scroll: {to: [0, \(scroll)], duration: \(duration)}
        """
    }

    private func write(_ text: String, _ name: String = "m.yaml") throws -> String {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = root + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func render(_ path: String, force: Bool = false, frames: ClosedRange<Int>? = nil)
        throws(FrameGenError) -> RenderSummary
    {
        try RenderPipeline.run(
            try FrameSource.load(path, fps: nil),
            options: RenderOptions(directory: root + "/out", frames: frames, force: force))
    }

    private var frames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/out")) ?? []).filter {
            $0.hasPrefix("frame_")
        }.sorted()
    }

    private func bytes(_ name: String) -> Data? {
        FileManager.default.contents(atPath: root + "/out/" + name)
    }

    @Test func anUnchangedSceneKeepsItsFramesAndAnEditedOneIsRenderedAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try write(scene(scroll: 100, duration: 0.3))
        let first = try render(path)
        expect(first.rendered == 10 && first.kept == 0)
        let again = try render(path)
        expect(again.rendered == 0 && again.kept == 10)
        let before = bytes("frame_0009.png")
        _ = try write(scene(scroll: 150, duration: 0.3))
        let edited = try render(path)
        expect(edited.rendered == 10 && edited.kept == 0)
        expect(bytes("frame_0009.png") != before)
    }

    @Test func aShorterSceneRemovesTheFramesPastItsEnd() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try write(scene(scroll: 100, duration: 1))
        _ = try render(path)
        expect(frames.count == 31)
        _ = try write(scene(scroll: 100, duration: 0.2))
        _ = try render(path)
        expect(frames == (0...6).map { String(format: "frame_%04d.png", $0) })
        // A subset of a changed scene leaves no frame of the old one behind either.
        _ = try write(scene(scroll: 120, duration: 0.2))
        _ = try render(path, frames: 2...3)
        expect(frames == ["frame_0002.png", "frame_0003.png"])
    }

    @Test func aChangedInputImageRendersAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let red = Image(width: 8, height: 8, fill: Pixel(r: 255, g: 0, b: 0, a: 255))
        let blue = Image(width: 8, height: 8, fill: Pixel(r: 0, g: 0, b: 255, a: 255))
        let path = try write(scene(scroll: 50, duration: 0.1, images: true))
        try PNG.write(red, to: root + "/a.png")
        try PNG.write(red, to: root + "/b.png")
        try expect(render(path).rendered == 4)
        try expect(render(path).kept == 4)
        try PNG.write(blue, to: root + "/b.png")
        let after = try render(path)
        expect(after.rendered == 4 && after.kept == 0)
    }

    @Test func foreignPNGsAreNotOverwrittenWithoutForce() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try write(scene(scroll: 100, duration: 0.1))
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        let holiday = Data("not ours".utf8)
        _ = FileManager.default.createFile(atPath: root + "/out/frame_0000.png", contents: holiday)
        do {
            _ = try render(path)
            Issue.record("rendered into a folder of foreign PNGs")
        } catch {
            expect(error.kind == .badInput)
            expect(error.description.contains(root + "/out"))
            expect(error.description.contains("--force"))
        }
        expect(bytes("frame_0000.png") == holiday)
        try expect(render(path, force: true).rendered == 4)
        expect(bytes("frame_0000.png") != holiday)
        // From then on the folder is ours: a plain render keeps the frames.
        try expect(render(path).kept == 4)
    }

    @Test func frameNamesFollowThePattern() {
        expect(OutputManifest.frameIndex("frame_0012.png", pattern: "frame_%04d.png") == 12)
        expect(OutputManifest.frameIndex("frame_12345.png", pattern: "frame_%04d.png") == 12345)
        expect(OutputManifest.frameIndex("frame_.png", pattern: "frame_%04d.png") == nil)
        expect(OutputManifest.frameIndex("frame_00a1.png", pattern: "frame_%04d.png") == nil)
        expect(OutputManifest.frameIndex("cover.png", pattern: "frame_%04d.png") == nil)
        expect(OutputManifest.frameIndex("shot-7-x.png", pattern: "shot-%d-x.png") == 7)
    }
}
