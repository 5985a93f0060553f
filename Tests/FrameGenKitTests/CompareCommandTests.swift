import Foundation
import Raster
import Testing

@testable import FrameGenKit

@Test func compareStatusesAndSummaries() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    let e = try folder.writePNG("e.png", width: 10, height: 10)
    var changed = e
    for p in 0..<4 { changed.rgba[p * 4 + 2] = 7 + 20 }  // 4 pixels, blue +20
    changed.rgba[4 * 4 + 2] = 7 + 3  // a fifth, blue +3
    try PNG.write(changed, to: folder.file("a.png"))
    let (ep, ap) = (folder.file("e.png"), folder.file("a.png"))

    #expect(try CompareTool.run(expected: ep, actual: ep) == "\(ep): matches \(ep): identical (100 pixels)")

    let fail = try #require(throws: FrameGenError.self) { try CompareTool.run(expected: ep, actual: ap) }
    #expect(fail.status == .difference && fail.file == ap)
    // MSE = (4 * 400 + 9) / 400 samples; PSNR = 10 log10(65025 / MSE) = 42.09 dB.
    #expect(
        fail.message
            == "differs from \(ep): 5 of 100 pixels differ (5.00%), max difference 20, PSNR 42.09 dB, "
            + "in x 0...4 y 0...0, first at (0, 0): expected #000007FF actual #00001BFF; allowed 0 pixels"
    )

    let byCount = try CompareTool.run(expected: ep, actual: ap, options: .init(maxDiffPixels: 5))
    #expect(byCount.hasSuffix("allowed 5 pixels"))
    #expect(throws: FrameGenError.self) {
        try CompareTool.run(expected: ep, actual: ap, options: .init(maxDiffPixels: 4))
    }
    _ = try CompareTool.run(expected: ep, actual: ap, options: .init(maxDiffRatio: 0.05))
    #expect(throws: FrameGenError.self) {
        try CompareTool.run(expected: ep, actual: ap, options: .init(maxDiffRatio: 0.04))
    }
    // Threshold 3 leaves the four +20 pixels; threshold 20 none.
    let t3 = try CompareTool.run(expected: ep, actual: ap, options: .init(threshold: 3, maxDiffPixels: 4))
    #expect(t3.contains("4 of 100 pixels differ by more than 3") && t3.contains("5 changed at all"))
    _ = try CompareTool.run(expected: ep, actual: ap, options: .init(threshold: 20))
}

@Test func compareSizeMismatchBadInputsAndTheDiffFile() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    try folder.writePNG("e.png", width: 4, height: 4)
    try folder.writePNG("tall.png", width: 4, height: 5)
    try folder.writeBytes("junk.png", Array("not a png".utf8))
    let (ep, tall) = (folder.file("e.png"), folder.file("tall.png"))

    let size = try #require(throws: FrameGenError.self) {
        try CompareTool.run(
            expected: ep, actual: tall, options: .init(maxDiffRatio: 1, diffPath: folder.file("d.png")))
    }
    #expect(size.status == .difference)
    #expect(size.message.contains("size differs: expected 4 x 4 px, actual 4 x 5 px"))
    let diff = try PNG.decodeStraight(file: folder.file("d.png"))
    #expect(diff.width == 4 && diff.height == 5)
    #expect(diff[0, 4] == Color(r: 255, g: 0, b: 255))

    let junk = try #require(throws: FrameGenError.self) {
        try CompareTool.run(expected: folder.file("junk.png"), actual: tall)
    }
    #expect(junk.status == .badInput && junk.file == folder.file("junk.png"))
    let missing = try #require(throws: FrameGenError.self) {
        try CompareTool.run(expected: ep, actual: folder.file("x.png"))
    }
    #expect(missing.status == .badInput)
    let unwritable = try #require(throws: FrameGenError.self) {
        try CompareTool.run(expected: ep, actual: ep, options: .init(diffPath: folder.file("none/d.png")))
    }
    #expect(unwritable.status == .cannotWrite && unwritable.file == folder.file("none/d.png"))
}

/// The built `framegen` beside the test bundle (`swift build --build-tests` and `swift test`
/// build every product of the package).
func framegenExecutable() -> String? {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundle, bundle.deletingLastPathComponent()] {
        let path = candidate.appendingPathComponent("framegen").path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

func runFramegen(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(framegenExecutable(), "framegen is not built"))
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stdout, stderr)
}

@Test func theExecutableExitsWithTheDocumentedStatuses() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    try folder.writePNG("e.png", width: 6, height: 6)
    try folder.writePNG("a.png", width: 6, height: 6, alpha: 200)
    try folder.writeBytes("bad.png", Array("garbage, not a PNG file".utf8))
    let (ep, ap, bad) = (folder.file("e.png"), folder.file("a.png"), folder.file("bad.png"))

    let same = try runFramegen(["compare", ep, ep])
    #expect(same.status == 0 && same.stdout.hasSuffix("identical (36 pixels)\n") && same.stderr.isEmpty)
    let differ = try runFramegen(["compare", ep, ap, "--diff", folder.file("d.png")])
    #expect(differ.status == 1)
    #expect(differ.stderr.hasPrefix("framegen: \(ap): differs from \(ep): 36 of 36 pixels differ"))
    #expect(differ.stderr.split(separator: "\n").count == 1)
    #expect(try PNG.readInfo(file: folder.file("d.png")).colorType == .rgb)
    #expect(try runFramegen(["compare", ep, ap, "--max-diff-ratio", "1"]).status == 0)
    #expect(
        try runFramegen(["compare", ep, ap, "--max-diff-pixels", "1", "--max-diff-ratio", "1"]).status == 2)
    #expect(try runFramegen(["compare", ep, ap, "--threshold", "256"]).status == 2)
    let badInput = try runFramegen(["compare", bad, ap])
    #expect(badInput.status == 2 && badInput.stderr == "framegen: \(bad): not a PNG file (bad signature)\n")
    #expect(try runFramegen(["compare", ep, ap, "--diff", folder.file("no/d.png")]).status == 3)

    let info = try runFramegen(["image", "info", ep, bad])
    #expect(info.status == 2)
    #expect(info.stdout == "\(ep): 6 x 6 px, RGBA, 8-bit, not interlaced, transparency: alpha\n")
    #expect(info.stderr == "framegen: \(bad): not a PNG file (bad signature)\n")
    #expect(try runFramegen(["image", "info", "--json", ep]).stdout.hasPrefix("[\n  {\"file\": "))

    #expect(try runFramegen(["image", "convert", ap, folder.file("c.png")]).status == 0)
    #expect(try runFramegen(["image", "convert", bad, folder.file("c2.png")]).status == 2)
    let cannot = try runFramegen(["image", "convert", ap, folder.file("no/c.png")])
    #expect(cannot.status == 3 && cannot.stderr.contains("does not exist"))
    #expect(folder.contents() == ["a.png", "bad.png", "c.png", "d.png", "e.png"])
}
