import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

/// `framegen sheet`: frames in a grid, each labelled with its number and time.
@Suite struct ContactSheetTests {
    let root = NSTemporaryDirectory() + "framegen-sheet-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: root) }

    static let background = Color(r: 0x1C, g: 0x1C, b: 0x1E)

    @Test func framesAreSpreadEvenlyWithTheFirstAndLast() {
        expect(ContactSheet.pick(4, of: Array(0..<7)) == [0, 2, 4, 6])
        expect(ContactSheet.pick(3, of: Array(30...59)) == [30, 45, 59])
        expect(ContactSheet.pick(1, of: [5, 6]) == [5])
        expect(ContactSheet.pick(20, of: [1, 2, 3]) == [1, 2, 3])
        let many = ContactSheet.pick(12, of: Array(0..<1000))
        expect(many.first == 0 && many.last == 999 && Set(many).count == 12)
        expect(ContactSheet.label(45, fps: 30) == "45 · 1.50 s")
        expect(ContactSheet.label(1, fps: 30) == "1 · 0.03 s")
        expect(ContactSheet.label(7, fps: nil) == "7")
    }

    @Test func aFolderBecomesTheAskedGridWithEachFrameInItsCell() throws {
        defer { cleanUp() }
        // Seven 40 x 30 frames, each one flat colour with a white pixel at its top-left corner.
        let folder = root + "/frames"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func color(_ i: Int) -> Color { Color(r: UInt8(30 * i), g: 200, b: UInt8(255 - 30 * i)) }
        for i in 0..<7 {
            var image = Image(width: 40, height: 30, fill: color(i).premultiplied)
            image[0, 0] = Color.white.premultiplied
            try PNG.write(image, to: folder + "/" + String(format: "frame_%04d.png", i + 10))
        }
        let manifest = OutputManifest(
            version: FrameGenVersion.string, fingerprint: "0", frameCount: 17, pattern: "frame_%04d.png",
            fps: 10)
        try manifest.json.write(toFile: folder + "/framegen-manifest.json", atomically: true, encoding: .utf8)
        expect(OutputManifest.read(in: folder)?.fps == 10)

        let summary = try ContactSheet.write(
            input: folder, to: root + "/sheet.png", options: .init(count: 4, columns: 3))
        expect(summary.frames == [10, 12, 14, 16])
        let grid = summary.grid
        expect(grid.columns == 3 && grid.rows == 2 && grid.cellWidth == 40 && grid.cellHeight == 30)
        let sheet = try PNG.decodeStraight(file: root + "/sheet.png")
        expect(sheet.width == grid.width && sheet.height == grid.height)
        expect(sheet.width == 8 + 3 * 48 && sheet.height == 8 + 2 * (30 + grid.labelHeight + 8))
        for (k, frame) in summary.frames.enumerated() {
            let (x, y) = grid.origin(ofCell: k)
            expect((x, y) == (8 + (k % 3) * 48, 8 + (k / 3) * (30 + grid.labelHeight + 8)))
            expect(sheet[x, y] == .white)
            expect(sheet[x + 1, y] == color(frame - 10) && sheet[x + 39, y + 29] == color(frame - 10))
            // The gap around the frame is the sheet's background.
            expect(sheet[x - 1, y] == Self.background && sheet[x + 40, y + 29] == Self.background)
            // The label under it has light text on it.
            var light = 0
            for ly in (y + 30)..<(y + 30 + grid.labelHeight) {
                for lx in x..<(x + 40) where sheet[lx, ly].g > 150 { light += 1 }
            }
            expect(light > 10, "no label under cell \(k)")
        }
        // The sixth cell is empty.
        let (ex, ey) = grid.origin(ofCell: 5)
        expect(sheet[ex + 20, ey + 15] == Self.background)
    }

    /// A test's references (`__Golden__/<TestFile>/<test>.frame_NNNN.png`): one assertion's by
    /// its stem, or the folder's when it holds only one assertion's.
    @Test func aTestsReferencesMakeASheet() throws {
        defer { cleanUp() }
        let folder = root + "/__Golden__/GalleryTests"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in [0, 4, 10] {
            try PNG.write(
                Image(width: 20, height: 10, fill: Color.white.premultiplied),
                to: folder + "/albumPulls.frame_" + String(format: "%04d", i) + ".png")
        }
        let byStem = try ContactSheet.write(
            input: folder + "/albumPulls", to: root + "/a.png", options: .init(count: 3))
        expect(byStem.frames == [0, 4, 10])
        let byFolder = try ContactSheet.write(input: folder, to: root + "/b.png", options: .init(count: 3))
        expect(byFolder.frames == [0, 4, 10])
        try PNG.write(
            Image(width: 20, height: 10, fill: Color.white.premultiplied),
            to: folder + "/deskFlings.frame_0000.png")
        #expect(throws: FrameGenError.self) {
            try ContactSheet.write(input: folder, to: root + "/c.png", options: .init(count: 3))
        }
        do {
            _ = try ContactSheet.write(input: folder, to: root + "/c.png", options: .init(count: 3))
        } catch {
            expect(error.description.contains("albumPulls, deskFlings"))
        }
        #expect(throws: FrameGenError.self) {
            try ContactSheet.write(input: folder + "/nothing", to: root + "/d.png", options: .init(count: 3))
        }
    }

    @Test func aSceneRendersOnlyItsPickedFramesAtTheThumbnailSize() throws {
        defer { cleanUp() }
        try """
        name: s
        canvas: {width: 100, height: 80, scale: 1, background: "#203040"}
        content: {items: 12}
        layout: {type: flow, itemSize: [30, 30]}
        timeline:
          - scroll: {to: [0, 60], duration: 0.5}
        """.write(toFile: root + "/s.yaml", atomically: true, encoding: .utf8)
        let renderer = try SceneRenderer(file: root + "/s.yaml")
        let summary = try ContactSheet.write(
            input: root + "/s.yaml", to: root + "/s.png", options: .init(count: 3))
        expect(summary.frames == ContactSheet.pick(3, of: Array(0..<renderer.frameCount)))
        expect(summary.frames.first == 0 && summary.frames.last == renderer.frameCount - 1)
        expect(summary.grid.cellWidth == 100 && summary.grid.cellHeight == 80)
        let sheet = try PNG.decodeStraight(file: root + "/s.png")
        for (k, number) in summary.frames.enumerated() {
            let frame = try renderer.render(frame: number)
            let (x0, y0) = summary.grid.origin(ofCell: k)
            var same = true
            for y in 0..<80 {
                for x in 0..<100 where sheet[x0 + x, y0 + y] != frame[x, y] { same = false }
            }
            expect(same, "cell \(k) is not frame \(number)")
        }
        // Larger frames are scaled to --width: the background colour fills a scaled cell too.
        let small = try ContactSheet.write(
            input: root + "/s.yaml", to: root + "/small.png", options: .init(count: 2, columns: 1, width: 50))
        expect(small.grid.cellWidth == 50 && small.grid.cellHeight == 40 && small.grid.columns == 1)
        let smallSheet = try PNG.decodeStraight(file: root + "/small.png")
        expect(smallSheet.width == 8 + 58)
    }

    @Test func badOptionsAndInputsAreOneLineErrors() throws {
        defer { cleanUp() }
        for options in [
            ContactSheet.Options(count: 0), ContactSheet.Options(columns: 0), ContactSheet.Options(width: 5),
        ] {
            do {
                _ = try ContactSheet.write(input: root, to: root + "/x.png", options: options)
                Issue.record("accepted \(options)")
            } catch {
                expect(error.kind == .badInput)
            }
        }
        do {
            _ = try ContactSheet.write(input: root, to: root + "/x.png", options: .init())
            Issue.record("a folder without frames was accepted")
        } catch {
            expect(error.kind == .badInput && error.description.hasPrefix(root + ": holds no frames"))
        }
        expect(!FileManager.default.fileExists(atPath: root + "/x.png"))
    }
}
