import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

/// Rendering over many machines (`--shard`, `--check`) and the command line's habits for
/// scripts (`--progress plain`, a scene on standard input, a PNG on standard output).
@Suite(.serialized) struct DistributedRenderTests {
    let root = NSTemporaryDirectory() + "framegen-distributed-" + UUID().uuidString

    /// A small scene with an image referenced by a relative path; `scroll` changes its pixels.
    func scene(scroll: Int = 100, duration: Double = 0.3, scale: Double = 0.5) throws -> String {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let red = Image(width: 8, height: 8, fill: Pixel(r: 230, g: 40, b: 20, a: 255))
        try PNG.write(red, to: root + "/red.png")
        let path = root + "/s.yaml"
        try """
        name: s
        canvas: {width: 120, height: 200, scale: \(scale), background: "#203040"}
        content: {items: 40, images: [red.png]}
        layout: {type: flow, itemSize: [50, 50]}
        timeline:
          - scroll: {to: [0, \(scroll)], duration: \(duration)}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func render(
        _ path: String, into dir: String, shard: RenderShard = .whole, frames: ClosedRange<Int>? = nil
    )
        throws -> RenderSummary
    {
        var options = RenderOptions(directory: dir, frames: frames, jobs: 2)
        options.shard = shard
        return try RenderPipeline.run(try FrameSource.load(path, fps: nil), options: options)
    }

    /// The frame files of a folder, by name.
    func frames(_ dir: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name.hasPrefix("frame_") {
            result[name] = FileManager.default.contents(atPath: dir + "/" + name)
        }
        return result
    }

    /// Starts the built framegen, with standard input from a file, in a folder, with variables.
    func start(
        _ arguments: [String], input: String? = nil, folder: String? = nil,
        environment: [String: String]? = nil
    ) throws -> (process: Process, out: Pipe, err: Pipe) {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: try #require(framegenExecutable(), "framegen is not built"))
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        if let input { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input)) }
        if let environment { process.environment = environment }
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Runs the built framegen to the end: its status, standard output's bytes and stderr.
    func run(
        _ arguments: [String], input: String? = nil, folder: String? = nil,
        environment: [String: String]? = nil
    ) throws -> (status: Int32, stdout: Data, stderr: String) {
        let (process, out, err) = try start(arguments, input: input, folder: folder, environment: environment)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    func check(_ path: String, _ dir: String, shard: RenderShard = .whole) throws -> CheckReport {
        var options = RenderOptions(directory: dir)
        options.shard = shard
        return OutputCheck.run(try FrameSource.load(path, fps: nil), options: options) { frame in
            "fix \(frame.map(String.init) ?? "all")"
        }
    }

    @Test func shardsDealFramesInterleavedAndCountFromOne() throws {
        expect(Array(RenderShard(index: 1, count: 3).frames(of: 0...9)) == [0, 3, 6, 9])
        expect(Array(RenderShard(index: 3, count: 3).frames(of: 0...9)) == [2, 5, 8])
        // With --frames the shards deal out the subset.
        expect(Array(RenderShard(index: 2, count: 3).frames(of: 4...9)) == [5, 8])
        expect(Array(RenderShard(index: 4, count: 5).frames(of: 0...2)).isEmpty)
        let env: ([String: String]) -> (String) -> String? = { d in { d[$0] } }
        try expect(RenderShard.parse("2/8", environment: env([:])) == RenderShard(index: 2, count: 8))
        // Kubernetes counts from 0; Slurm from wherever the array starts.
        try expect(
            try RenderShard.parse("auto/4", environment: env(["JOB_COMPLETION_INDEX": "0"]))
                == RenderShard(index: 1, count: 4))
        try expect(
            try RenderShard.parse("auto/4", environment: env(["JOB_COMPLETION_INDEX": "3"]))
                == RenderShard(index: 4, count: 4))
        try expect(
            try RenderShard.parse(
                "auto/4",
                environment: env([
                    "SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4",
                ])) == RenderShard(index: 1, count: 4))
        try expect(
            try RenderShard.parse(
                "auto/4", environment: env(["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1"]))
                == RenderShard(index: 4, count: 4))
        for (text, vars) in [
            ("0/3", [:]), ("4/3", [:]), ("1/0", [:]), ("3", [:]), ("-1/3", [:]), ("1/3/3", [:]),
            ("a/b", [:]), ("1/2000000", [:]), ("auto/3", [:]), ("auto/3", ["JOB_COMPLETION_INDEX": "3"]),
            ("auto/3", ["JOB_COMPLETION_INDEX": "x"]),
            ("auto/3", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"]),
        ] {
            #expect(throws: FrameGenError.self, "\(text) \(vars)") {
                try RenderShard.parse(text, environment: env(vars))
            }
        }
    }

    @Test func threeShardsInSeparateFoldersMergeIntoTheFullRender() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene()
        let full = try frames(try render(path, into: root + "/full").directory)
        expect(full.count == 10)
        let merged = root + "/merged"
        try FileManager.default.createDirectory(atPath: merged, withIntermediateDirectories: true)
        var counts: [Int] = []
        for k in 1...3 {
            let dir = root + "/part\(k)"
            let summary = try render(path, into: dir, shard: RenderShard(index: k, count: 3))
            counts.append(summary.rendered)
            // A shard's folder is not the animation: no video command, the check instead.
            expect(!summary.report.contains("Make a video") && summary.report.contains("Shard \(k)/3 done"))
            // A shard's own folder passes the check of that shard.
            try expect(check(path, dir, shard: RenderShard(index: k, count: 3)).failures.isEmpty)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
                let target = merged + "/" + name
                if FileManager.default.fileExists(atPath: target) {
                    // Only the manifest is in every folder, and it is the same in each.
                    expect(name == OutputManifest.fileName)
                    expect(
                        FileManager.default.contents(atPath: target)
                            == FileManager.default.contents(atPath: dir + "/" + name))
                } else {
                    try FileManager.default.copyItem(atPath: dir + "/" + name, toPath: target)
                }
            }
        }
        expect(counts == [4, 3, 3])
        try expect(frames(merged) == full)
        let report = try check(path, merged)
        expect(report.failures.isEmpty && report.output.contains("all 10 frames"), "\(report.failures)")
        // Shards of a --frames subset deal out the subset.
        let subset = root + "/subset"
        for k in 1...3 {
            _ = try render(path, into: subset, shard: RenderShard(index: k, count: 3), frames: 2...6)
        }
        try expect(
            try frames(subset)
                == full.filter { (2...6).map { String(format: "frame_%04d.png", $0) }.contains($0.key) })
        // An unsharded render of the merged folder keeps every frame and takes in the logs.
        let again = try render(path, into: merged)
        expect(again.rendered == 0 && again.kept == 10)
        try expect(
            try FileManager.default.contentsOfDirectory(atPath: merged).filter { $0.hasSuffix(".jsonl") } == [
                "framegen-frames.jsonl"
            ])
        try expect(check(path, merged).failures.isEmpty)
    }

    @Test(.heavy, .tags(.heavy)) func threeShardProcessesInOneFolderAtOnceMakeTheFullRender() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene(scroll: 160, duration: 1)
        let full = try frames(try render(path, into: root + "/full").directory)
        expect(full.count == 31)
        // The folder first holds another render, so every shard replaces frames while the others
        // write theirs.
        let shared = root + "/shared"
        _ = try render(try scene(scroll: 60, duration: 1.2), into: shared)
        _ = try scene(scroll: 160, duration: 1)
        // Started together; each one's pipes are read only after all have finished, and a
        // shard prints two short lines, well within a pipe's buffer.
        let processes = try (1...3).map { k in
            try start([
                "render", path, "-o", shared, "--shard", "\(k)/3", "--progress", "none", "--jobs", "1",
            ])
            .process
        }
        for p in processes { p.waitUntilExit() }
        expect(processes.map(\.terminationStatus) == [0, 0, 0])
        try expect(frames(shared) == full)
        try expect(check(path, shared).failures.isEmpty)
    }

    @Test func autoShardsTakeTheirPartFromTheBatchSystemsVariables() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene()
        let full = try frames(try render(path, into: root + "/full").directory)
        // A Kubernetes Indexed Job's pods (0-based), then a Slurm array that starts at 5.
        let runs: [(String, [String: String])] = [
            ("k8s", ["JOB_COMPLETION_INDEX": "0"]), ("k8s", ["JOB_COMPLETION_INDEX": "1"]),
            (
                "slurm",
                ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "2"]
            ),
            (
                "slurm",
                ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "2"]
            ),
        ]
        for (folder, variables) in runs {
            let environment = ProcessInfo.processInfo.environment.filter {
                !$0.key.hasPrefix("SLURM_") && $0.key != "JOB_COMPLETION_INDEX"
            }.merging(variables) { $1 }
            let r = try run(
                ["render", path, "-o", root + "/" + folder, "--shard", "auto/2", "--progress", "none"],
                environment: environment)
            expect(r.status == 0, "\(r.stderr)")
        }
        for folder in ["k8s", "slurm"] {
            try expect(frames(root + "/" + folder) == full)
            try expect(
                try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).filter {
                    $0.hasSuffix(".jsonl")
                }.sorted() == ["framegen-frames-1-of-2.jsonl", "framegen-frames-2-of-2.jsonl"])
        }
    }

    @Test func aShardLeavesTheOtherShardsFramesAloneAndTheCheckNamesThem() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let dir = root + "/out"
        _ = try render(try scene(scroll: 60), into: dir)
        let old = try frames(dir)
        let path = try scene(scroll: 100)
        let full = try frames(try render(path, into: root + "/full").directory)
        _ = try render(path, into: dir, shard: RenderShard(index: 1, count: 3))
        // Shard 1 replaced its frames (0, 3, 6, 9) and removed nothing of the others.
        let now = try frames(dir)
        expect(now.count == 10)
        for (name, bytes) in now {
            let i = Int(name.dropFirst(6).prefix(4))!
            expect(bytes == (i % 3 == 0 ? full[name] : old[name]), "\(name)")
        }
        let report = try check(path, dir)
        expect(report.failures.count == 6)
        expect(report.failures.allSatisfy { $0.message.hasPrefix("not recorded as a frame of this render") })
        try expect(check(path, dir, shard: RenderShard(index: 1, count: 3)).failures.isEmpty)
        _ = try render(path, into: dir, shard: RenderShard(index: 2, count: 3))
        _ = try render(path, into: dir, shard: RenderShard(index: 3, count: 3))
        try expect(frames(dir) == full)
    }

    @Test func theCheckNamesMissingTruncatedAndForeignFrames() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let otherDir = try render(try scene(scroll: 40), into: root + "/other").directory
        let path = try scene()
        let dir = try render(path, into: root + "/out").directory
        let fine = try check(path, dir)
        expect(
            fine.kind == nil
                && fine.output == "\(dir): all 10 frames present, 60 x 100, matching the manifest\n")

        try FileManager.default.removeItem(atPath: dir + "/frame_0002.png")
        let four = try #require(FileManager.default.contents(atPath: dir + "/frame_0004.png"))
        try four.prefix(four.count / 2).write(to: URL(fileURLWithPath: dir + "/frame_0004.png"))
        try FileManager.default.removeItem(atPath: dir + "/frame_0007.png")
        try FileManager.default.copyItem(
            atPath: otherDir + "/frame_0007.png", toPath: dir + "/frame_0007.png")
        // A frame of another render the same size as this one's is caught by its bytes.
        let eight = try #require(FileManager.default.contents(atPath: dir + "/frame_0008.png"))
        var flipped = eight
        flipped[eight.count - 20] ^= 1
        try flipped.write(to: URL(fileURLWithPath: dir + "/frame_0008.png"))
        let report = try check(path, dir)
        expect(report.kind == .difference)
        let lines = report.failures.map(\.description)
        expect(lines.count == 4, "\(lines)")
        expect(lines[0] == "\(dir)/frame_0002.png: missing; fix: fix 2")
        expect(
            lines[1]
                == "\(dir)/frame_0004.png: truncated: \(four.count / 2) of the \(four.count) bytes the render wrote; fix: fix 4"
        )
        expect(
            lines[2].hasPrefix("\(dir)/frame_0007.png: not the frame the render wrote")
                && lines[2].hasSuffix("fix: fix 7"))
        expect(
            lines[3].hasPrefix("\(dir)/frame_0008.png: not the frame the render wrote (its size, other bytes")
        )
        expect(report.output.contains("4 of 10 frames need rendering; `fix all`"))

        // The render that the check names renders exactly those four.
        let fixed = try render(path, into: dir)
        expect(fixed.rendered == 4 && fixed.kept == 6)
        try expect(check(path, dir).kind == nil)

        // Another scene's check of this folder: one line about the manifest.
        let changed = try scene(scroll: 120)
        let stale = try check(changed, dir)
        expect(stale.failures.count == 1 && stale.failures[0].file == dir + "/framegen-manifest.json")
        try expect(check(changed, root + "/nothing").failures[0].message.hasPrefix("no such folder"))
    }

    @Test(.heavy, .tags(.heavy)) func theCheckCommandExitsOneWithALinePerProblemAndTheFixingCommand() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene()
        let dir = root + "/out dir"
        try expect(runFramegen(["render", path, "-o", dir, "--progress", "none"]).status == 0)
        let ok = try runFramegen(["render", path, "-o", dir, "--check"])
        expect(ok.status == 0 && ok.stderr.isEmpty && ok.stdout.contains("all 10 frames"))
        try FileManager.default.removeItem(atPath: dir + "/frame_0003.png")
        try FileManager.default.removeItem(atPath: dir + "/frame_0005.png")
        let bad = try runFramegen(["render", path, "-o", dir, "--check", "--scale", "0.5"])
        expect(bad.status == 1)
        expect(
            bad.stderr == """
                framegen: \(dir)/frame_0003.png: missing; fix: framegen render \(path) -o '\(dir)' --scale 0.5 --frames 3
                framegen: \(dir)/frame_0005.png: missing; fix: framegen render \(path) -o '\(dir)' --scale 0.5 --frames 5

                """)
        expect(
            bad.stdout.contains(
                "2 of 10 frames need rendering; `framegen render \(path) -o '\(dir)' --scale 0.5`"))
        // The printed command, run by a shell, fixes the folder.
        let fix = String(bad.stderr.split(separator: "\n")[0].split(separator: "fix: ")[1])
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        let binary = try #require(framegenExecutable())
        shell.arguments = ["-c", "'\(binary)'" + fix.dropFirst("framegen".count)]
        shell.standardOutput = Pipe()
        try shell.run()
        shell.waitUntilExit()
        expect(shell.terminationStatus == 0)
        expect(FileManager.default.fileExists(atPath: dir + "/frame_0003.png"))
        expect(!FileManager.default.fileExists(atPath: dir + "/frame_0005.png"))
    }

    @Test(.heavy, .tags(.heavy)) func badShardValuesExitTwoWithOneLineAndWriteNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene()
        for value in ["0/3", "4/3", "x", "2/0", "auto/3"] {
            let r = try runFramegen(["render", path, "-o", root + "/out", "--shard", value])
            expect(r.status == 2, "\(value)")
            expect(
                r.stderr.hasPrefix("framegen: --shard") && r.stderr.split(separator: "\n").count == 1,
                "\(r.stderr)")
            expect(!FileManager.default.fileExists(atPath: root + "/out"))
        }
    }

    @Test(.heavy, .tags(.heavy)) func plainProgressPrintsAboutTenLinesInFrameOrder() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene(scroll: 300, duration: 99.0 / 30, scale: 0.25)
        let start = Date()
        let r = try runFramegen(["render", path, "-o", root + "/out", "--progress", "plain", "--jobs", "3"])
        let elapsed = Date().timeIntervalSince(start)
        expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n")
        // Ten tenths, plus one line per 10 s without one.
        expect(
            lines.count >= 10
                && Double(lines.count) <= 10 + (elapsed / ProgressReporter.plainInterval).rounded(.up),
            "\(lines)")
        let numbers = lines.map { Int($0.split(separator: " ")[1])! }
        expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count, "\(lines)")
        expect(lines.last!.hasPrefix("frame 99 (100/100, 100 %)"))
    }

    @Test(.heavy, .tags(.heavy)) func aSceneOnStandardInputRendersTheSameBytes() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene()
        let full = try frames(try render(path, into: root + "/full").directory)
        // Run from the scene's folder: red.png resolves against the current folder.
        let piped = ["render", "-", "-o", "piped", "--progress", "none"]
        try expect(run(piped, input: path, folder: root).status == 0)
        try expect(frames(root + "/piped") == full)
        // The manifest hashes the text: the same text resumes, another text renders again.
        let again = try run(piped, input: path, folder: root)
        expect(
            String(decoding: again.stdout, as: UTF8.self).hasPrefix(
                "0 frames written to piped/ (10 already there, kept"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "[0, 100]", with: "[0, 90]").write(
            toFile: root + "/edited.yaml", atomically: true, encoding: .utf8)
        let edited = try run(piped, input: root + "/edited.yaml", folder: root)
        expect(String(decoding: edited.stdout, as: UTF8.self).hasPrefix("10 frames written"))
    }

    @Test(.heavy, .tags(.heavy)) func oneFrameToStandardOutputIsTheFileBytesAndNothingElse() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try scene()
        let full = try frames(try render(path, into: root + "/full").directory)
        let one = try run(["render", path, "-o", "-", "--frames", "7"])
        expect(one.status == 0 && one.stderr.isEmpty)
        expect(one.stdout == full["frame_0007.png"])
        // One frame of a shard is one frame too; more than one is refused before anything runs.
        let shard = try runFramegen(["render", path, "-o", "-", "--frames", "3-4", "--shard", "2/2"])
        expect(shard.status == 0 && shard.stdout.utf8.count > 0)
        let many = try runFramegen(["render", path, "-o", "-"])
        expect(many.status == 2 && many.stdout.isEmpty)
        expect(
            many.stderr.contains("10 frames are selected") && many.stderr.split(separator: "\n").count == 1)
        expect(!FileManager.default.fileExists(atPath: "-"))
    }
}
