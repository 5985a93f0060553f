import Foundation
import FrameGenCodecs
import FrameGenRaster
import Synchronization
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

#if canImport(Glibc)
    import Glibc
#endif

/// Failure without damage (issue: reliability): a stopped or failing render keeps every
/// finished frame whole, leaves no temporary file, says why in one line with its documented
/// status, and the same command resumes.
@Suite(.serialized) struct ReliabilityTests {
    let root = NSTemporaryDirectory() + "framegen-reliability-" + UUID().uuidString

    /// A flow scene scrolling for `duration`; `small` draws a tenth of the pixels (for the
    /// in-process tests, whose properties do not depend on the frame's size).
    func scene(duration: Double, small: Bool = false) throws -> String {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = root + "/r.yaml"
        try """
        name: r
        canvas: {width: \(small ? 130 : 390), height: \(small ? 260 : 844), scale: 1, background: "#203040"}
        content: {items: \(small ? 20 : 60)}
        layout: {type: flow, itemSize: [\(small ? 30 : 100), \(small ? 30 : 100)]}
        cell: {cornerRadius: 10, shadow: {opacity: 0.4, radius: 6}}
        timeline:
          - scroll: {to: [0, 600], duration: \(duration)}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every file in the output folder: frames that decode, the manifest, the frame records,
    /// nothing else.
    func expectOnlyWholeFrames(_ dir: String) throws -> Int {
        var frames = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            if name == "framegen-manifest.json" || name == "framegen-frames.jsonl" { continue }
            expect(name.hasPrefix("frame_") && name.hasSuffix(".png"), "left behind: \(name)")
            #expect(throws: Never.self) { _ = try PNG.decode(file: dir + "/" + name) }
            frames += 1
        }
        return frames
    }

    @Test func aStopRequestFinishesTheFrameInFlightAndResumes() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        var source = try FrameSource.load(try scene(duration: 0.5, small: true), fps: nil)
        let frame = source.frame
        let stop = Mutex(false)
        source.frame = { i in
            if i == 2 { stop.withLock { $0 = true } }
            return frame(i)
        }
        let dir = root + "/out"
        var options = RenderOptions(directory: dir, jobs: 1)
        options.stopRequested = { stop.withLock { $0 } }
        do {
            _ = try RenderPipeline.run(source, options: options)
            Issue.record("not stopped")
        } catch {
            expect(error.kind == .interrupted)
            expect(error.description.contains("SIGINT") && error.description.contains(dir))
        }
        try expect(expectOnlyWholeFrames(dir) == 3)
        let resumed = try RenderPipeline.run(
            try FrameSource.load(root + "/r.yaml", fps: nil), options: RenderOptions(directory: dir, jobs: 1))
        expect(resumed.kept == 3 && resumed.rendered == 13)
    }

    @Test(.heavy, .tags(.heavy)) func sigtermStopsTheCommandCleanly() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene(duration: 5)
        let dir = root + "/out"
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: try #require(framegenExecutable(), "framegen is not built"))
        process.arguments = ["render", path, "-o", dir, "--progress", "none", "--jobs", "2"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        // Once two frames are there, the render is well under way.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline
            && ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter({
                $0.hasSuffix(".png")
            })
            .count < 2
        {
            usleep(20_000)
        }
        process.terminate()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        expect(process.terminationStatus == 143)
        expect(stderr.contains("SIGTERM") && stderr.split(separator: "\n").count == 1, "\(stderr)")
        let done = try expectOnlyWholeFrames(dir)
        expect(done >= 2 && done < 151)
    }

    @Test(.heavy, .tags(.heavy)) func aFileSizeLimitFailsWithStatus3AndNoPartialFile() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene(duration: 0.2)
        let dir = root + "/out"
        let binary = try #require(framegenExecutable(), "framegen is not built")
        // 60 KiB per file: the manifest fits, the frames (about 100 KB) do not.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -f 60; exec '\(binary)' render '\(path)' -o '\(dir)' --progress none",
        ]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        expect(process.terminationStatus == 3)
        expect(stderr.contains("file too large") && stderr.split(separator: "\n").count == 1, "\(stderr)")
        try expect(expectOnlyWholeFrames(dir) == 0)
    }

    @Test func aTimelineOverTheFrameLimitIsRefusedBeforeRendering() throws {
        let waits = String(repeating: "  - wait: 600\n", count: 56)
        let text = "name: long\nlayout: {type: flow}\ntimeline:\n" + waits
        let scene = try Scene(document: parseDocument(text, file: "long.yaml"), folder: ".")
        do {
            _ = try Timeline(scene)
            Issue.record("a 33600 s timeline was accepted")
        } catch {
            expect(error.kind == .badInput)
            expect(error.description == "long.yaml: timeline: 33600 s at 30 fps is more than 1000000 frames")
        }
        // One wait less is 999,001 frames: accepted.
        let shorter = text.replacingOccurrences(
            of: "  - wait: 600\n", with: "", options: [], range: text.range(of: "  - wait: 600\n"))
        _ = try Timeline(Scene(document: parseDocument(shorter, file: "long.yaml"), folder: "."))
    }

    /// Every example and golden scene renders to the same bytes whatever --jobs is (more jobs
    /// than frames draws each frame in row bands), rendered whole or as a --frames subset, on
    /// every run. At a low scale (photos at their smallest), the first two frames, to keep it fast.
    @Test(.heavy, .tags(.heavy), arguments: ["examples", "golden"])
    func scenesRenderDeterministically(_ folder: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: repository + "/" + folder).filter {
            $0.hasSuffix(".yaml") || $0.hasSuffix(".json")
        }.sorted()
        expect(names.count >= 3)
        for name in names { try expectDeterministic(folder + "/" + name) }
    }

    /// The fast tier's determinism case: the photos app (two views, text, a strip of thumbnails).
    @Test func oneSceneRendersDeterministically() throws {
        try expectDeterministic("golden/photos-app.yaml")
    }

    var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    func expectDeterministic(_ scene: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let name = URL(fileURLWithPath: scene).lastPathComponent
        let source = try FrameSource.load(repository + "/" + scene, fps: nil)
        let last = source.frameCount - 1
        func frame(_ index: Int, _ frames: ClosedRange<Int>, jobs: Int) throws -> Data? {
            let dir = "\(root)/\(name)-\(frames.lowerBound)-\(frames.upperBound)-\(jobs)"
            if !FileManager.default.fileExists(atPath: dir) {
                _ = try RenderPipeline.run(
                    source,
                    options: RenderOptions(directory: dir, frames: frames, scale: 0.15, jobs: jobs))
            }
            return FileManager.default.contents(
                atPath: dir + "/" + formatFrameName(source.pattern, index))
        }
        // Three renders a scene (content is generated anew in each, the slow part of a debug
        // build): two frames serially; the same two on two workers at once; the second alone
        // in row bands on three (a --frames subset).
        let head = 0...min(1, last)
        for index in head {
            let serial = try frame(index, head, jobs: 1)
            expect(serial != nil, "\(name) frame \(index)")
            try expect(frame(index, head, jobs: 2) == serial, "\(name) frame \(index), 2 jobs")
        }
        try expect(
            try frame(head.upperBound, head.upperBound...head.upperBound, jobs: 3)
                == frame(head.upperBound, head, jobs: 1), "\(name): one frame alone, in bands")
    }
}
