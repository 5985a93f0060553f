import Foundation
import FrameGenCodecs
import FrameGenComparison
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenScene
@testable import FrameGenTools

/// A flat image with a few pixels set, written as RGBA.
@discardableResult
func writeFlat(
    _ path: String, _ w: Int, _ h: Int, _ c: Color = .white, marks: [(Int, Int, Color)] = []
) throws -> StraightImage {
    var bytes = [UInt8]()
    for _ in 0..<(w * h) { bytes += [c.r, c.g, c.b, c.a] }
    for (x, y, m) in marks {
        let i = (y * w + x) * 4
        (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (m.r, m.g, m.b, m.a)
    }
    let image = StraightImage(width: w, height: h, rgba: bytes)!
    try PNG.write(image, to: path)
    return image
}

@Test func compareStatusesAndSummaries() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    let (ep, ap) = (folder.file("e.png"), folder.file("a.png"))
    try writeFlat(ep, 10, 10)
    // Four black pixels apart, and a fifth only slightly off (under the 0.1 threshold).
    try writeFlat(
        ap, 10, 10,
        marks: [
            (0, 0, .black), (2, 0, .black), (4, 0, .black), (6, 0, .black),
            (8, 0, Color(r: 250, g: 250, b: 250)),
        ]
    )

    try expect(CompareTool.run(expected: ep, actual: ep) == "\(ep): matches \(ep): identical (100 pixels)")

    let fail = try #require(throws: FrameGenError.self) { try CompareTool.run(expected: ep, actual: ap) }
    expect(fail.kind == .difference && fail.file == ap)
    expect(fail.message.hasPrefix("differs from \(ep): 4 of 100 pixels differ (4.00%), SSIM 0."))
    expect(
        fail.message.hasSuffix(
            ", in x 0...6 y 0...0, first at (0, 0): expected #FFFFFFFF actual #000000FF; allowed 0 pixels"))

    let byCount = try CompareTool.run(expected: ep, actual: ap, options: .init(maxDiffPixels: 4))
    expect(byCount.hasSuffix("allowed 4 pixels"))
    #expect(throws: FrameGenError.self) {
        try CompareTool.run(expected: ep, actual: ap, options: .init(maxDiffPixels: 3))
    }
    _ = try CompareTool.run(expected: ep, actual: ap, options: .init(maxDiffRatio: 0.04))
    #expect(throws: FrameGenError.self) {
        try CompareTool.run(expected: ep, actual: ap, options: .init(maxDiffRatio: 0.03))
    }
    // Threshold 0 counts the slight fifth pixel too; threshold 1 nothing.
    let t0 = try #require(throws: FrameGenError.self) {
        try CompareTool.run(expected: ep, actual: ap, options: .init(threshold: 0, maxDiffPixels: 4))
    }
    expect(t0.message.contains("5 of 100 pixels differ"))
    _ = try CompareTool.run(expected: ep, actual: ap, options: .init(threshold: 1))
}

@Test func compareSizeMismatchBadInputsAndTheImages() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    try folder.writePNG("e.png", width: 4, height: 4)
    try folder.writePNG("tall.png", width: 4, height: 5)
    try folder.writeBytes("junk.png", Array("not a png".utf8))
    let (ep, tall) = (folder.file("e.png"), folder.file("tall.png"))

    let size = try #require(throws: FrameGenError.self) {
        try CompareTool.run(
            expected: ep, actual: tall,
            options: .init(
                maxDiffRatio: 1, diffPath: folder.file("d.png"), sideBySidePath: folder.file("s.png")))
    }
    expect(size.kind == .difference)
    expect(size.message.contains("size differs: expected 4 x 4 px, actual 4 x 5 px"))
    let diff = try PNG.decodeStraight(file: folder.file("d.png"))
    expect(diff.width == 4 && diff.height == 5)
    expect(diff[0, 4] == Color(r: 255, g: 0, b: 255))
    let sbs = try PNG.decodeStraight(file: folder.file("s.png"))
    // Under the labels' band (too narrow here for the words).
    expect(sbs.width == 4 + 4 + 4 + 4 + 4 && sbs.height == ImageComparison.labelBand + 5)

    let junk = try #require(throws: FrameGenError.self) {
        try CompareTool.run(expected: folder.file("junk.png"), actual: tall)
    }
    expect(junk.kind == .badInput && junk.file == folder.file("junk.png"))
    let missing = try #require(throws: FrameGenError.self) {
        try CompareTool.run(expected: ep, actual: folder.file("x.png"))
    }
    expect(missing.kind == .badInput)
    let unwritable = try #require(throws: FrameGenError.self) {
        try CompareTool.run(expected: ep, actual: ep, options: .init(diffPath: folder.file("none/d.png")))
    }
    expect(unwritable.kind == .cannotWrite && unwritable.file == folder.file("none/d.png"))
}

@Test func foldersCompareFrameByFrameWithMissingAndExtra() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    let (a, b) = (folder.file("a"), folder.file("b"))
    try FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: true)
    for i in 0..<3 { try writeFlat(a + "/frame_000\(i).png", 6, 6) }
    try writeFlat(b + "/frame_0000.png", 6, 6)
    try writeFlat(b + "/frame_0001.png", 6, 6, marks: [(2, 3, .black)])
    try writeFlat(b + "/frame_0003.png", 6, 6)
    let report = CompareTool.check(
        expected: a, actual: b,
        options: .init(diffPath: folder.file("diffs"), sideBySidePath: folder.file("sbs")))
    expect(report.kind == .difference)
    expect(report.output == "\(b): 1 of 3 frames match \(a), 1 missing, 1 extra\n")
    expect(
        report.failures.map(\.file) == [b + "/frame_0001.png", b + "/frame_0002.png", b + "/frame_0003.png"])
    expect(report.failures[0].message.contains("1 of 36 pixels differ"))
    expect(report.failures[1].message == "missing (\(a)/frame_0002.png has no counterpart)")
    expect(report.failures[2].message == "extra (\(a) has no frame_0003.png)")
    // Images only for the failing frame.
    try expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.file("diffs")) == ["frame_0001-diff.png"])
    let diff = try PNG.decodeStraight(file: folder.file("diffs/frame_0001-diff.png"))
    expect(diff[2, 3] == Color(r: 255, g: 0, b: 0) && diff[0, 0] == Color(r: 255, g: 255, b: 255))
    expect(FileManager.default.fileExists(atPath: folder.file("sbs/frame_0001-side-by-side.png")))
    // A file against a folder is bad input.
    expect(CompareTool.check(expected: a, actual: b + "/frame_0000.png").kind == .badInput)
    expect(CompareTool.check(expected: a, actual: a).kind == nil)
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

func runFramegen(_ arguments: [String], environment: [String: String]? = nil) throws -> (
    status: Int32, stdout: String, stderr: String
) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(framegenExecutable(), "framegen is not built"))
    process.arguments = arguments
    if let environment { process.environment = environment }
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

@Test(.heavy, .tags(.heavy)) func theExecutableExitsWithTheDocumentedStatuses() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    try folder.writePNG("e.png", width: 6, height: 6)
    try folder.writePNG("a.png", width: 6, height: 6, alpha: 200)
    try folder.writeBytes("bad.png", Array("garbage, not a PNG file".utf8))
    let (ep, ap, bad) = (folder.file("e.png"), folder.file("a.png"), folder.file("bad.png"))

    let same = try runFramegen(["compare", ep, ep])
    expect(same.status == 0 && same.stdout.hasSuffix("identical (36 pixels)\n") && same.stderr.isEmpty)
    let differ = try runFramegen(["compare", ep, ap, "--diff", folder.file("d.png")])
    expect(differ.status == 1)
    expect(differ.stderr.hasPrefix("framegen: \(ap): differs from \(ep): 36 of 36 pixels differ"))
    expect(differ.stderr.split(separator: "\n").count == 1)
    try expect(PNG.readInfo(file: folder.file("d.png")).colorType == .rgb)
    try expect(runFramegen(["compare", ep, ap, "--max-diff-ratio", "1"]).status == 0)
    try expect(
        try runFramegen(["compare", ep, ap, "--max-diff-pixels", "1", "--max-diff-ratio", "1"]).status == 2)
    try expect(runFramegen(["compare", ep, ap, "--threshold", "1.5"]).status == 2)
    try expect(runFramegen(["compare", ep, ap, "--threshold", "1"]).status == 0)
    let badInput = try runFramegen(["compare", bad, ap])
    expect(badInput.status == 2 && badInput.stderr == "framegen: \(bad): not a PNG file (bad signature)\n")
    try expect(runFramegen(["compare", ep, ap, "--diff", folder.file("no/d.png")]).status == 3)

    let info = try runFramegen(["image", "info", ep, bad])
    expect(info.status == 2)
    expect(info.stdout == "\(ep): 6 x 6 px, PNG, RGBA, 8-bit, not interlaced, transparency: alpha\n")
    expect(info.stderr == "framegen: \(bad): not a PNG file (bad signature)\n")
    try expect(runFramegen(["image", "info", "--json", ep]).stdout.hasPrefix("[\n  {\"file\": "))

    try expect(runFramegen(["image", "convert", ap, folder.file("c.png")]).status == 0)
    try expect(runFramegen(["image", "convert", bad, folder.file("c2.png")]).status == 2)
    let cannot = try runFramegen(["image", "convert", ap, folder.file("no/c.png")])
    expect(cannot.status == 3 && cannot.stderr.contains("does not exist"))
    expect(folder.contents() == ["a.png", "bad.png", "c.png", "d.png", "e.png"])
}

@Test(.heavy, .tags(.heavy)) func theExecutableComparesFoldersWithOneLinePerProblem() throws {
    let folder = try ImageCommandFolder()
    defer { folder.remove() }
    let (a, b) = (folder.file("a"), folder.file("b"))
    try FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: true)
    for i in 0..<2 { try writeFlat(a + "/frame_000\(i).png", 5, 5) }
    try writeFlat(b + "/frame_0000.png", 5, 5)
    let missing = try runFramegen(["compare", a, b, "--side-by-side", folder.file("sbs")])
    expect(missing.status == 1)
    expect(missing.stdout == "\(b): 1 of 2 frames match \(a), 1 missing\n")
    expect(
        missing.stderr == "framegen: \(b)/frame_0001.png: missing (\(a)/frame_0001.png has no counterpart)\n")
    expect(!FileManager.default.fileExists(atPath: folder.file("sbs")))
    try writeFlat(b + "/frame_0001.png", 5, 5)
    try expect(runFramegen(["compare", a, b]).status == 0)
    try expect(runFramegen(["compare", a, b + "/frame_0001.png"]).status == 2)
}
