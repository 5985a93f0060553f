import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenScene
@testable import FrameGenTools

/// A temporary folder with a few PNGs written by the encoder under test's sibling (FrameGenCodecs).
struct ImageCommandFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "framegen-image-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Writes straight RGBA pixels (x * 10, y * 20, 7, alpha) as an 8-bit RGBA or RGB PNG.
    @discardableResult
    func writePNG(_ name: String, width: Int, height: Int, alpha: UInt8 = 255, rgb: Bool = false) throws
        -> StraightImage
    {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { bytes += [UInt8(x * 10 % 256), UInt8(y * 20 % 256), 7, alpha] }
        }
        let image = StraightImage(width: width, height: height, rgba: bytes)!
        try PNG.write(image, to: file(name), options: PNGEncodingOptions(channels: rgb ? .rgb : .rgba))
        return image
    }

    func writeBytes(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    }
}

@Test func infoPrintsEachFormat() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    try folder.writePNG("a.png", width: 13, height: 11, alpha: 128)
    try folder.writePNG("wide-name.png", width: 300, height: 2, rgb: true)
    let files = [folder.file("a.png"), folder.file("wide-name.png")]

    let lines = ImageTool.info(files: files, format: .lines)
    expect(lines.failures.isEmpty)
    expect(
        lines.output
            == "\(files[0]): 13 x 11 px, PNG, RGBA, 8-bit, not interlaced, transparency: alpha\n"
            + "\(files[1]): 300 x 2 px, PNG, RGB, 8-bit, not interlaced, transparency: none\n")

    let table = ImageTool.info(files: files, format: .table).output.split(separator: "\n").map(String.init)
    expect(table.count == 3)
    let pad = String(repeating: " ", count: files[1].count - 4)
    expect(
        table[0] == "FILE\(pad)  FORMAT  WIDTH  HEIGHT  COLOUR  DEPTH  INTERLACE  TRANSPARENCY  ORIENTATION")
    expect(
        table[1] == files[0] + String(repeating: " ", count: 8) + "  "
            + "PNG        13      11  RGBA        8  none       alpha         -")
    expect(table[2] == files[1] + "  " + "PNG       300       2  RGB         8  none       none          -")

    let json = ImageTool.info(files: files, format: .json).output
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [[String: Any]]
    expect(parsed.count == 2)
    expect(parsed[0]["file"] as? String == files[0] && parsed[0]["format"] as? String == "PNG")
    expect(parsed[0]["width"] as? Int == 13 && parsed[0]["height"] as? Int == 11)
    expect(parsed[0]["colorType"] as? String == "RGBA" && parsed[0]["bitDepth"] as? Int == 8)
    expect(parsed[0]["interlaced"] as? Bool == false && parsed[0]["hasTransparency"] as? Bool == true)
    expect(parsed[1]["hasTransparency"] as? Bool == false)
}

@Test func infoReportsEveryBadFileAndKeepsTheGoodOnes() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    try folder.writePNG("good.png", width: 2, height: 2)
    let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("good.png"))))
    try folder.writeBytes("cut.png", Array(good.dropLast(20)))
    try folder.writeBytes("text.png", Array("hello".utf8))
    let files = [
        folder.file("cut.png"), folder.file("good.png"), folder.file("missing.png"), folder.file("text.png"),
    ]
    let report = ImageTool.info(files: files, format: .lines)
    expect(report.output.hasPrefix(folder.file("good.png") + ": 2 x 2 px"))
    expect(report.failures.map(\.file) == [files[0], files[2], files[3]])
    expect(report.failures.allSatisfy { $0.kind == .badInput })
    expect(report.failures[0].message.contains("truncated"))
    expect(report.failures[1].message == "no such file or folder")
    expect(report.failures[2].message == "file is too short to be a PNG")
    expect(ImageTool.info(files: [folder.file("text.png")], format: .json).output == "[]\n")
}

@Test func convertWritesLibpngsStraightPixelsAsRGBA() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    // Semi-transparent pixels: a premultiplied round trip would change (x * 10, y * 20, 7, 3).
    let original = try folder.writePNG("in.png", width: 26, height: 12, alpha: 3)
    try ImageTool.convert(input: folder.file("in.png"), output: folder.file("out.png"))
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("out.png"))))
    let info = try PNG.readInfo(bytes)
    expect(info.colorType == .rgba && info.bitDepth == 8 && !info.isInterlaced)
    try expect(PNG.decodeStraight(bytes) == original)
    // RGB in, RGBA out with alpha 255.
    try folder.writePNG("rgb.png", width: 3, height: 3, rgb: true)
    try ImageTool.convert(input: folder.file("rgb.png"), output: folder.file("rgb-out.png"))
    try expect(PNG.readInfo(file: folder.file("rgb-out.png")).colorType == .rgba)
}

@Test func convertStatuses() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    try folder.writePNG("in.png", width: 2, height: 2)
    try folder.writeBytes("bad.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0])

    func status(_ input: String, _ output: String) -> FrameGenError? {
        do {
            try ImageTool.convert(input: input, output: output)
            return nil
        } catch {
            return error
        }
    }
    let bad = status(folder.file("bad.png"), folder.file("out.png"))
    expect(bad?.kind == .badInput && bad?.file == folder.file("bad.png"))
    let missing = status(folder.file("none.png"), folder.file("out.png"))
    expect(missing?.kind == .badInput)
    let noFolder = status(folder.file("in.png"), folder.file("no/such/out.png"))
    expect(noFolder?.kind == .cannotWrite && noFolder?.file == folder.file("no/such/out.png"))
    expect(
        noFolder?.description == folder.file("no/such/out.png") + ": folder " + folder.file("no/such")
            + " does not exist")
    let isFolder = status(folder.file("in.png"), folder.path)
    expect(isFolder?.kind == .cannotWrite)
    // Nothing but the inputs: no partial or temporary outputs.
    expect(folder.contents() == ["bad.png", "in.png"])
}
