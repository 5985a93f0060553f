import Foundation
import Testing

@testable import FrameGenKit

/// The repository's golden folder, found from this file so the test runs from any folder.
private let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("golden").path

@Suite struct GoldenTests {
    @Test func reviewedGoldenFramesStillMatch() throws {
        let report = try GoldenTool.check(goldenFolder)
        #expect(report.contains("album-pull.yaml: 9 of 9 frames match"))
        #expect(report.contains("coverflow-snap.yaml"))
    }

    @Test func aChangedReferenceFailsWithADiff() throws {
        let dir = NSTemporaryDirectory() + "framegen-golden-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try
            "canvas: {width: 40, height: 40, scale: 1}\ncontent: {items: 4}\nlayout: {type: flow, itemSize: [15, 15]}\n"
            .write(toFile: dir + "/tiny.yaml", atomically: true, encoding: .utf8)
        _ = try GoldenTool.record(dir)
        #expect(try GoldenTool.check(dir).contains("1 of 1 frames match"))
        // A reference from another scene: the check fails with status 1 and writes a diff.
        try
            "canvas: {width: 40, height: 40, scale: 1, background: white}\ncontent: {items: 4}\nlayout: {type: flow, itemSize: [15, 15]}\n"
            .write(toFile: dir + "/tiny.yaml", atomically: true, encoding: .utf8)
        do {
            _ = try GoldenTool.check(dir)
            Issue.record("no difference found")
        } catch {
            #expect(error.status == .difference)
            #expect(error.description.contains("tiny/frame_0000.png"))
            #expect(FileManager.default.fileExists(atPath: dir + "/tiny-diff/frame_0000.png"))
        }
    }
}
