import Foundation
import FrameGenCodecs
import FrameGenLayout
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

@Suite struct ShowcaseTests {
    @Test func theTourShowsEveryBuiltInLayoutOnOneCanvasSize() throws {
        var layouts = Set<String>()
        var frames = 0
        for segment in Showcase.segments {
            let scene = try Scene(
                document: parseDocument(segment.scene, file: segment.folder), folder: ".")
            expect(
                scene.canvas.width == Showcase.canvasWidth && scene.canvas.height == Showcase.canvasHeight)
            // No clamped scroll, no tap on nothing: every action does what it says.
            let warnings = try Timeline(scene).warnings
            expect(warnings.isEmpty, "\(segment.folder): \(warnings)")
            // Every view sits below the caption band, inside the canvas.
            for view in scene.views {
                expect(view.frame.minY >= Showcase.captionHeight && view.frame.maxY <= Showcase.canvasHeight)
                layouts.insert(view.layoutType)
            }
            let source = try Showcase.source(segment, caption: segment.caption, quality: .frames)
            expect(source.canvas.scale == Showcase.Quality.frames.scale)
            frames += source.frameCount
        }
        expect(layouts == Set(LayoutRegistry.builtIn.map(\.type)))
        expect(Set(Showcase.segments.map(\.folder)).count == Showcase.segments.count)
        // About 20 s of tour: what keeps `make showcase` near a minute on 2 cores.
        expect(frames > 300 && frames < 700, "\(frames) frames")
    }

    @Test(.heavy, .tags(.heavy)) func rendersEverySegmentUnderItsCaptionAndChainsThemIntoOnePreview() throws {
        let root = NSTemporaryDirectory() + "framegen-showcase-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let small = Showcase.Quality(scale: 0.25, fps: 2)
        let tiny = Showcase.Quality(scale: 0.2, fps: 1)
        let summary = try Showcase.render(
            into: root, force: false, progress: .none, frames: small, preview: tiny)
        expect(summary.segments.map(\.folder) == Showcase.segments.map { root + "/" + $0.folder })

        let band = Int(Showcase.captionHeight * small.scale)
        var previewCount = 0
        for (segment, done) in zip(Showcase.segments, summary.segments) {
            let count = try Showcase.source(segment, caption: "", quality: small).frameCount
            expect(done.rendered == count && done.kept == 0)
            let first = try PNG.decodeStraight(file: done.folder + "/frame_0000.png")
            expect(first.width == 98 && first.height == 225)
            // The caption band: its own colour at the edges, white letters in the middle.
            expect(
                first[0, 0] == Color(r: 28, g: 28, b: 30) && first[96, band - 1] == Color(r: 28, g: 28, b: 30)
            )
            var letters = 0
            for y in 0..<band { for x in 0..<98 where first[x, y].r > 120 { letters += 1 } }
            expect(letters > 20, "\(segment.folder): \(letters) caption pixels")
            // The segment moves (the pager comes back to its first page, so not only at the end).
            var moves = false
            for index in 1..<count where !moves {
                let frame = try PNG.decodeStraight(
                    file: done.folder + "/" + formatFrameName("frame_%04d.png", index))
                moves = frame.rgba != first.rgba
            }
            expect(moves, "\(segment.folder) does not move")
            previewCount += try Showcase.source(segment, caption: "", quality: tiny).frameCount
        }

        // The preview: every segment's small frames back to back, one animated PNG whose default
        // image is the first segment's first frame.
        let preview = root + "/" + Showcase.Output.preview
        expect(summary.preview == preview && summary.previewFrameCount == previewCount)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: preview)))
        let chunks = try PNGAnimation.chunks(bytes)
        let acTL = try #require(chunks.first { $0.type == "acTL" }?.data)
        let frameCount = acTL.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        expect(frameCount == previewCount)
        expect(chunks.filter { $0.type == "fcTL" }.count == previewCount)
        let firstSmall = root + "/" + Showcase.Output.previewFrames + "/01-album/frame_0000.png"
        try expect(PNG.decodeStraight(bytes) == PNG.decodeStraight(file: firstSmall))

        // The contact sheet: two frames of each segment in six columns, its first cell the
        // tour's first preview frame.
        let sheet = try PNG.decode(file: root + "/" + Showcase.Output.sheet)
        expect(summary.sheet == root + "/" + Showcase.Output.sheet)
        let first = try PNG.decode(file: firstSmall)
        let grid = ContactSheet.Grid(
            count: 2 * Showcase.segments.count, columns: 6, cellWidth: first.width, cellHeight: first.height)
        expect(sheet.width == grid.width && sheet.height == grid.height)
        let (x, y) = grid.origin(ofCell: 0)
        expect(sheet[x + first.width / 2, y + first.height / 2] == first[first.width / 2, first.height / 2])

        // A second run keeps every frame and only rebuilds the animation.
        let again = try Showcase.render(
            into: root, force: false, progress: .none, frames: small, preview: tiny)
        expect(again.segments.allSatisfy { $0.rendered == 0 && $0.kept > 0 })
        expect(again.report.contains("\(root)/01-album/: ") && again.report.contains(preview))
        expect(again.report.split(separator: "\n").count == Showcase.segments.count + 2)
    }
}
