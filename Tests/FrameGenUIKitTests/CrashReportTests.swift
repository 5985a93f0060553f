import Foundation
import FrameGenUserCode
import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// A program of one's own whose layout traps ends with status 2 and a line naming the layout
/// and the call (after Swift's own message); a registration under a built-in name is refused
/// before anything runs.
@Test(.heavy, .tags(.heavy)) func aLayoutThatTrapsIsNamedAndExitsWithStatus2() throws {
    let folder = NSTemporaryDirectory() + "framegen-crash-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let scene = folder + "/s.yaml"
    /// Renders `yaml` into `output`: the status, standard error and its last line.
    func render(_ yaml: String, into output: String) throws -> (status: Int32, stderr: String, last: String) {
        try yaml.write(toFile: scene, atomically: true, encoding: .utf8)
        let run = try fixture(["render", scene, "-o", folder + "/" + output, "--progress", "none"])
        return (run.status, run.stderr, run.stderr.split(separator: "\n").last.map(String.init) ?? "")
    }
    /// Renders a column `height` points high of `items` items laid out by `layout`.
    func render(_ layout: String, items: Int = 2, height: Int = 80) throws -> (
        status: Int32, stderr: String, last: String
    ) {
        try render(
            "canvas: {width: 40, height: \(height), scale: 1}\ncontent: {items: \(items)}\nlayout: {type: \(layout)}",
            into: layout)
    }
    let crash = try render(
        """
        canvas: {width: 40, height: 80, scale: 1}
        content: {items: 5}
        layout: {type: off-by-one}
        timeline: [{scroll: {to: [0, 30], duration: 0.2}}]
        """, into: "out")
    expect(crash.status == 2)
    let last = crash.last
    // It traps where it is first laid out at offset 30: as the scroll ends there (the delegate's
    // scrollViewDidEndScrollingAnimation), which the timeline plans before any frame is drawn.
    expect(
        last.hasPrefix("framegen: crashed: the layout \"off-by-one\" (OffByOneLayout), "),
        "\(crash.stderr)")
    expect(last.contains("content offset (0.0, 30.0)"))
    // No half-written frame is left.
    let written = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? []
    expect(!written.contains { $0.hasSuffix(".tmp") })

    // NaN from a layout is drawn around, with a warning naming the element, not a crash.
    let nan = try render(
        """
        canvas: {width: 40, height: 40, scale: 1}
        content: {items: 2}
        layout: {type: nan}
        """, into: "nan")
    expect(nan.status == 0, "\(nan.stderr)")
    expect(nan.stderr.contains("warning") && nan.stderr.contains("[0, 1]"), "\(nan.stderr)")

    // A cell that traps in apply(_:) is named as a layout is, with the call and the instant.
    let cell = try render(
        """
        canvas: {width: 40, height: 80, scale: 1}
        content: {items: 2}
        layout: {type: column, cell: star}
        """, into: "cell")
    expect(cell.status == 2)
    let cellLine = cell.last
    expect(
        cellLine.hasPrefix(
            "framegen: crashed: the layout \"column\" (ColumnLayout), the cell \"star\" (StarCell) in apply(_:) at t = 0"
        ), "\(cell.stderr)")

    // A view that traps in draw(_:) is named by its cell, the call and the instant.
    let pie = try render(
        """
        canvas: {width: 40, height: 80, scale: 1}
        content: {items: 2}
        layout: {type: column, cell: pie}
        """, into: "pie")
    expect(pie.status == 2)
    let pieLine = pie.last
    expect(
        pieLine.hasPrefix(
            "framegen: crashed: the layout \"column\" (ColumnLayout), the cell \"pie\" (PieCell) drawing its view tree (draw(_:)) at t = 0"
        ), "\(pie.stderr)")

    // A scene naming a cell the program does not register: status 2 before anything is drawn.
    let unknown = try render(
        """
        canvas: {width: 40, height: 80, scale: 1}
        content: {items: 2}
        layout: {type: column, cell: stra}
        """, into: "unknown")
    expect(unknown.status == 2)
    expect(unknown.stderr.contains("s.yaml") && unknown.stderr.contains("\"stra\""), "\(unknown.stderr)")
    expect(unknown.stderr.contains("star"), "\(unknown.stderr)")
    expect(!FileManager.default.fileExists(atPath: folder + "/unknown"))

    // A collection view of the program's that traps as it is made is named as a factory is.
    let view = try render(
        """
        canvas: {width: 40, height: 80, scale: 1}
        content: {items: 2}
        layout: {type: inset-list}
        """, into: "view")
    expect(view.status == 2)
    let viewLine = view.last
    expect(
        viewLine == "framegen: crashed: the layout \"inset-list\", in its collection view's factory",
        "\(view.stderr)")

    // A collection view registered for a layout the program does not have: status 2 at once.
    let stray = try fixture(["layouts"], environment: ["FIXTURE_STRAY_VIEW": "1"])
    expect(stray.status == 2)
    expect(
        stray.stderr.contains("a collection view for \"colum\", which is not one of its layouts"),
        "\(stray.stderr)")

    // A layout that returns a million attributes per query: status 2 at its first answer, with
    // the limit, the layout and the call; nothing written but the folder's records.
    let million = try render("million", items: 5)
    expect(million.status == 2)
    expect(
        million.last
            == "framegen: the layout returned 1000000 layout attributes from one call of layoutAttributesForElements(in:), more than framegen's limit of 100000; return the elements in the rect (the layout \"million\" (MillionLayout), in layoutAttributesForElements(in: (0.0, 0.0, 40.0, 80.0)) at t = 0.0 s, content offset (0.0, 0.0))",
        "\(million.stderr)")
    let millionFrames = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/million")) ?? []
    expect(!millionFrames.contains { $0.hasSuffix(".png") || $0.hasSuffix(".tmp") }, "\(millionFrames)")

    // Attributes for an item the data does not have: ignored with UIKit's log, as iOS 13 and
    // later do; the frame is the one of the same column without it.
    let stale = try render("stale", height: 160)
    expect(stale.status == 0, "\(stale.stderr)")
    expect(
        stale.stderr.contains(
            "path = 0 - 2}); frame = (0.0 100.0; 40.0 40.0) were received from the layout <StaleColumnLayout> but are not valid for the data source counts. Attributes will be ignored."
        ), "\(stale.stderr)")
    let column = try render("column", height: 160)
    expect(column.status == 0, "\(column.stderr)")
    let staleFrame = FileManager.default.contents(atPath: folder + "/stale/frame_0000.png")
    expect(
        staleFrame != nil
            && staleFrame == FileManager.default.contents(atPath: folder + "/column/frame_0000.png"))

    // A data source that dequeues an identifier nothing registered: UIKit's exception, status 2.
    let unregistered = try render("unregistered")
    expect(unregistered.status == 2)
    expect(
        unregistered.last.hasPrefix(
            "framegen: could not dequeue a view of kind: UICollectionElementKindCell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard (the layout \"unregistered\" (ColumnLayout), "
        ), "\(unregistered.stderr)")

    let clash = try fixture(["layouts"], environment: ["FIXTURE_CLASH": "1"])
    expect(clash.status == 2)
    expect(clash.stderr.contains("\"flow\""))
}

/// Runs the crash fixture program; a run still going after `killAfter` seconds is killed (status
/// SIGKILL's), so that a hang fails the test instead of hanging the suite.
func fixture(_ arguments: [String], environment: [String: String] = [:], killAfter: Double = 120) throws -> (
    status: Int32, stdout: String, stderr: String
) {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [folder, folder.deletingLastPathComponent()].map {
        $0.appendingPathComponent("uikit-crash-fixture").path
    }
    let path = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) })
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, b in b }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let pid = process.processIdentifier
    let killer = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + killAfter, execute: killer)
    defer { killer.cancel() }
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stdout, stderr)
}

/// Frames are evaluated on several threads, each noting calls into user code and nesting a
/// cell's calls in a layout's: the notes must survive that (a shared nesting record crashed).
@Test func crashNotesNestOnSeveralThreadsAtOnce() {
    DispatchQueue.concurrentPerform(iterations: 8) { i in
        for n in 0..<20_000 {
            let inner = CrashReport.during("the layout \"\(i)\", a query \(n)") {
                CrashReport.during("the cell \"\(i)\" in apply(_:) \(n)") { n + 1 }
            }
            precondition(inner == n + 1)
        }
        // Each thread's nesting is back to nothing (the global flag may be another test's).
        precondition(CrashReport.lineOnThisThread == nil)
    }
    expect(CrashReport.lineOnThisThread == nil)
}
