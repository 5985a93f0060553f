import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene
@testable import FrameGenTools

/// JPEG wherever images are read (issue 13): scenes, image folders, `image info` and
/// `image convert`, the format always told by the bytes. The fixtures are
/// Tests/CodecsTests/Fixtures/jpeg (scripts/make-jpeg-fixtures.c).
@Suite(.serialized) struct JPEGInputTests {
    let text = TextRenderer()

    static let fixtures =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        + "/CodecsTests/Fixtures/jpeg/"

    let folder: ImageCommandFolder

    init() throws { folder = try ImageCommandFolder() }

    func copy(_ fixture: String, to name: String) throws {
        try FileManager.default.copyItem(atPath: Self.fixtures + fixture, toPath: folder.file(name))
    }

    /// (200, 100, 50), the solid fixture's colour, within JPEG's rounding.
    static func isSolidColour(_ p: Pixel) -> Bool {
        abs(Int(p.r) - 200) <= 3 && abs(Int(p.g) - 100) <= 3 && abs(Int(p.b) - 50) <= 3 && p.a == 255
    }

    @Test func infoReportsFormatColourSpaceProgressiveAndOrientation() throws {
        defer { folder.remove() }
        try copy("progressive.jpg", to: "p.jpg")
        try copy("orientation-6.jpg", to: "rotated")  // no extension: the bytes decide
        try copy("gray.jpg", to: "g.png")  // the wrong extension
        try folder.writePNG("a.png", width: 3, height: 2, rgb: true)
        let files = ["p.jpg", "rotated", "g.png", "a.png"].map(folder.file)

        let lines = ImageTool.info(files: files, format: .lines)
        expect(lines.failures.isEmpty)
        expect(
            lines.output
                == "\(files[0]): 64 x 32 px, JPEG, YCbCr, 8-bit, progressive, orientation: 1 (up)\n"
                + "\(files[1]): 32 x 64 px, JPEG, YCbCr, 8-bit, baseline, orientation: 6 (right), "
                + "stored 64 x 32 px\n"
                + "\(files[2]): 32 x 16 px, JPEG, gray, 8-bit, baseline, orientation: 1 (up)\n"
                + "\(files[3]): 3 x 2 px, PNG, RGB, 8-bit, not interlaced, transparency: none\n")

        let table = ImageTool.info(files: files, format: .table).output.split(separator: "\n").map(
            String.init)
        expect(table.count == 5)
        expect(table[0].hasPrefix("FILE") && table[0].hasSuffix("TRANSPARENCY  ORIENTATION"))
        expect(table[1].hasSuffix("JPEG       64      32  YCbCr       8  progressive  none          1 up"))
        expect(
            table[2].hasSuffix("JPEG       32      64  YCbCr       8  none         none          6 right"))
        expect(table[4].hasSuffix("PNG         3       2  RGB         8  none         none          -"))

        let json = ImageTool.info(files: files, format: .json).output
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [[String: Any]]
        expect(parsed.map { $0["format"] as? String } == ["JPEG", "JPEG", "JPEG", "PNG"])
        expect(parsed[0]["progressive"] as? Bool == true && parsed[1]["progressive"] as? Bool == false)
        expect(parsed[1]["orientation"] as? Int == 6 && parsed[1]["width"] as? Int == 32)
        expect(parsed[1]["storedWidth"] as? Int == 64 && parsed[1]["storedHeight"] as? Int == 32)
        expect(parsed[2]["colorType"] as? String == "gray" && parsed[1]["hasTransparency"] as? Bool == false)
        expect(parsed[3]["orientation"] == nil)
    }

    @Test func badJPEGsAreStatus2NamingTheFile() throws {
        defer { folder.remove() }
        try copy("cmyk.jpg", to: "cmyk.jpg")
        try copy("truncated.jpg", to: "cut.jpg")
        try copy("huge-declared-size.jpg", to: "huge.jpg")
        let files = ["cmyk.jpg", "cut.jpg", "huge.jpg"].map(folder.file)
        let report = ImageTool.info(files: files, format: .lines)
        expect(report.output.isEmpty)
        expect(report.failures.map(\.file) == files && report.failures.allSatisfy { $0.kind == .badInput })
        expect(report.failures[0].message == "CMYK JPEGs are not supported (convert the image to RGB)")
        expect(report.failures[1].message == "file is truncated (premature end of JPEG data)")
        expect(report.failures[2].message.hasPrefix("image is 60000 x 60000 px, over the limit"))
        for file in files {
            do {
                try ImageTool.convert(input: file, output: folder.file("out.png"))
                Issue.record("\(file) converted")
            } catch {
                expect(error.kind == .badInput && error.file == file)
            }
        }
        expect(!FileManager.default.fileExists(atPath: folder.file("out.png")))
    }

    @Test func convertWritesTheOrientedPixels() throws {
        defer { folder.remove() }
        try copy("orientation-8.jpg", to: "in.jpg")
        try ImageTool.convert(input: folder.file("in.jpg"), output: folder.file("out.png"))
        let png = try PNG.decodeStraight(file: folder.file("out.png"))
        expect(png.width == 32 && png.height == 64)
        // Turned 90 degrees anticlockwise: the stored top right (green) shows top left.
        let c = png[2, 2]
        expect(abs(Int(c.r) - 30) <= 10 && abs(Int(c.g) - 200) <= 10 && abs(Int(c.b) - 50) <= 10)
        // Exactly the decoder's pixels, unchanged by the PNG on the way.
        try expect(
            png
                == (try JPEG.decodeStraight(
                    try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "orientation-8.jpg")))))
        )
        do {
            try ImageTool.convert(input: folder.file("in.jpg"), output: folder.file("missing/out.png"))
            Issue.record("wrote into a missing folder")
        } catch {
            expect(error.kind == .cannotWrite)
        }
    }

    @Test func aFolderMixingPNGAndJPEGUsesThemAll() throws {
        defer { folder.remove() }
        try folder.writePNG("a.png", width: 4, height: 4)
        try copy("solid-c86432.jpg", to: "b.jpg")
        try copy("orientation-6.jpg", to: "c.JPEG")
        try copy("gray.jpg", to: "d-no-extension")
        try folder.writeBytes("notes.txt", Array("not an image".utf8))
        try folder.writeBytes(
            ".hidden.jpg", try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("b.jpg")))))
        let images = try ContentImages(.folder(folder.path))
        expect(images.files == ["a.png", "b.jpg", "c.JPEG", "d-no-extension"].map(folder.file))
        try expect(images.aspectRatio(forItem: 0) == 1)
        try expect(images.aspectRatio(forItem: 2) == 0.5)  // 64 x 32 stored, turned a quarter
        try expect(images.aspectRatio(forItem: 3) == 2)
        let solid = try images.image(forItem: 1, text: text)
        expect(solid.width == 64 && Self.isSolidColour(solid[32, 32]))
        try expect(images.image(forItem: 2, text: text).width == 32)
        try expect(
            try images.image(forItem: 4, text: text)[0, 0] == (try images.image(forItem: 0, text: text))[0, 0]
        )  // cycles
    }

    /// A JPEG background stretched over the canvas and a rotated JPEG in the one cell, which the
    /// flow layout puts at the canvas's top left (0, 0, 32, 64).
    @Test func aSceneRendersJPEGsAtTheirColours() throws {
        defer { folder.remove() }
        try copy("solid-c86432.jpg", to: "background.jpeg")
        try copy("orientation-6.jpg", to: "photo")
        let scene = folder.file("jpeg.yaml")
        try """
        name: jpeg
        canvas: {width: 100, height: 100, scale: 1, background: {image: background.jpeg}}
        content: {items: 1, images: [photo]}
        layout: {type: flow, itemSize: [32, 64]}
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let source = try FrameSource.load(scene, fps: nil)
        expect(source.inputFiles.contains(folder.file("photo")))
        let out = folder.file("out")
        try expect(
            try RenderPipeline.run(source, options: RenderOptions(directory: out, frames: 0...0)).rendered
                == 1)
        let frame = try PNG.decode(file: out + "/frame_0000.png")
        expect(Self.isSolidColour(frame[70, 70]) && Self.isSolidColour(frame[50, 10]))
        func near(_ p: Pixel, _ r: Int, _ g: Int, _ b: Int) -> Bool {
            abs(Int(p.r) - r) <= 12 && abs(Int(p.g) - g) <= 12 && abs(Int(p.b) - b) <= 12
        }
        // Turned clockwise: blue top left, red top right, white bottom left, green bottom right.
        expect(near(frame[4, 4], 30, 50, 220) && near(frame[27, 4], 220, 30, 30))
        expect(near(frame[4, 59], 240, 240, 240) && near(frame[27, 59], 30, 200, 50))

        // The manifest hashes the JPEG's bytes: a changed photo renders again.
        try expect(
            try RenderPipeline.run(source, options: RenderOptions(directory: out, frames: 0...0)).kept == 1)
        try FileManager.default.removeItem(atPath: folder.file("photo"))
        try copy("orientation-8.jpg", to: "photo")
        let again = try RenderPipeline.run(
            try FrameSource.load(scene, fps: nil), options: RenderOptions(directory: out, frames: 0...0))
        expect(again.rendered == 1 && again.kept == 0)
        try expect(near(try PNG.decode(file: out + "/frame_0000.png")[4, 4], 30, 200, 50))
    }
}
