import Foundation
import TestTiers
import Testing

/// User code that hangs, recurses without end or hoards memory ends the render with status 2
/// and one line naming the layout and the call, within seconds, keeping the finished frames
/// and leaving nothing half-written; the manifest says where the render stopped
/// (docs/uikit.md "Bad input"). The layouts are the crash fixture's (Tests/UIKitCrashFixture).
@Suite(.heavy, .tags(.heavy)) struct MisbehavingCodeTests {
    let folder = NSTemporaryDirectory() + "framegen-misbehaving-" + UUID().uuidString

    /// Renders a one-second scroll of `layout` to 300 pt with `options`: the status, the last
    /// line of standard error, the files left in the output folder and its manifest.
    func render(_ layout: String, _ options: [String]) throws -> (
        status: Int32, last: String, files: [String], manifest: String
    ) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let scene = folder + "/\(layout).yaml"
        try """
        canvas: {width: 40, height: 80, scale: 1}
        content: {items: 5}
        layout: {type: \(layout)}
        timeline: [{scroll: {to: [0, 300], duration: 1}}]
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let output = folder + "/\(layout)-frames"
        let run = try fixture(["render", scene, "-o", output, "--progress", "none"] + options, killAfter: 60)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        let manifest =
            (try? String(contentsOfFile: output + "/framegen-manifest.json", encoding: .utf8)) ?? ""
        return (
            run.status, run.stderr.split(separator: "\n").last.map(String.init) ?? "", files.sorted(),
            manifest
        )
    }

    /// Only frames, the manifest and the frame log: no temporary file of a frame cut short.
    func onlyWholeFiles(_ files: [String]) -> Bool {
        files.allSatisfy { ($0.hasPrefix("frame_") && $0.hasSuffix(".png")) || $0.hasPrefix("framegen-") }
    }

    @Test func aPrepareThatNeverReturnsIsStoppedByTheWatchdog() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try render("hang", ["--user-code-timeout", "1"])
        expect(run.status == 2, "\(run.last)")
        expect(
            run.last.contains(
                "the layout \"hang\" (HangingLayout), preparing (prepare(), invalidation) at t = "),
            "\(run.last)")
        expect(run.last.contains("did not return within 1 s (--user-code-timeout sets the limit)"))
        expect(run.last.hasSuffix("finished frames are kept"))
        // The frames before the layout hangs (offsets under 100 pt: a third of the scroll) are kept.
        let frames = run.files.filter { $0.hasSuffix(".png") }
        expect(frames.count >= 5 && frames.count < 31, "\(run.files)")
        expect(onlyWholeFiles(run.files), "\(run.files)")
        expect(run.manifest.contains("\"stopped\": \"the layout \\\"hang\\\""), "\(run.manifest)")
    }

    @Test func aStackOverflowIsReportedLikeATrap() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try render("recurse", [])
        expect(run.status == 2, "\(run.last)")
        expect(
            run.last.hasPrefix(
                "framegen: crashed (a stack overflow or a bad memory access): the layout \"recurse\" (RecursingLayout), preparing"
            ), "\(run.last)")
        expect(onlyWholeFiles(run.files), "\(run.files)")
    }

    @Test func aLayoutThatHoardsMemoryIsStoppedAtTheLimit() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 256 MB a prepare() from a third of the scroll on: past 700 MB within three of them.
        let run = try render("hoard", ["--memory-limit", "700M"])
        expect(run.status == 2, "\(run.last)")
        expect(
            run.last.contains("past --memory-limit 700 MiB, last in the layout \"hoard\" (HoardingLayout)"),
            "\(run.last)")
        expect(run.last.hasSuffix("finished frames are kept"))
        let frames = run.files.filter { $0.hasSuffix(".png") }
        expect(frames.count >= 5 && frames.count < 31, "\(run.files)")
        expect(onlyWholeFiles(run.files), "\(run.files)")
        expect(run.manifest.contains("\"stopped\": \"resident memory reached"), "\(run.manifest)")
    }

    @Test func theLimitsRefuseValuesOutsideTheirRange() throws {
        let timeout = try fixture(["render", "s.yaml", "--user-code-timeout=-1"])
        expect(timeout.status == 2)
        expect(
            timeout.stderr.contains("--user-code-timeout must be 0 (no limit) to 86400 seconds"),
            "\(timeout.stderr)")
        let memory = try fixture(["attributes", "s.yaml", "--memory-limit", "10M"])
        expect(memory.status == 2)
        expect(memory.stderr.contains("--memory-limit must be a size such as 1G"), "\(memory.stderr)")
    }
}
