import ArgumentParser
import Foundation
import FrameGenRender
import FrameGenScene
import FrameGenUserCode
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The limits on a command that runs scenes, and so perhaps a program's own UIKit code
/// (docs/uikit.md "Bad input"): a call into that code that does not return in time, and a
/// process that grows past its memory, end the command with status 2 and one message naming
/// the call, instead of a hang until CI's own time limit or the kernel's OOM killer.
struct RunLimits: ParsableArguments {
    /// Long enough for any honest call (a `prepare()` of 100,000 items takes well under a
    /// second in a debug build), short enough that a hang says so within a CI step's patience.
    static let defaultTimeout = 10.0
    /// Resident memory: framegen's own renders peak at 200-400 MB on 2 cores (README,
    /// "Performance"), each worker holding a frame or two, so 1 GiB and 32 MiB a core is
    /// several times that; and a process stopped there (at most a quarter over it, below) stays
    /// under the 2 GB a CI runner's job commonly has.
    static var defaultMemoryLimit: Int { (1 << 30) + RenderPipeline.processorCount * (32 << 20) }

    @Option(
        name: .customLong("user-code-timeout"),
        help: ArgumentHelp(
            "Seconds one call into the program's own UIKit code (prepare(), apply(_:), cellForItemAt...) may take before the command stops with status 2 (default 10; 0: no limit).",
            valueName: "SECONDS"))
    var userCodeTimeout: Double?

    @Option(
        name: .customLong("memory-limit"),
        help: ArgumentHelp(
            "Resident memory past which the command stops with status 2, e.g. 1G or 4096M (a bare number is MiB; default 1G + 32M a core, or --memory-budget + 1G when that is larger).",
            valueName: "SIZE"))
    var memoryLimit: String?

    func validate() throws {
        if let t = userCodeTimeout, !(t.isFinite && t >= 0 && t <= 86_400) {
            throw ValidationError("--user-code-timeout must be 0 (no limit) to 86400 seconds.")
        }
        if let m = memoryLimit, RenderOptions.byteSize(m).map({ $0 >= 64 << 20 }) != true {
            throw ValidationError("--memory-limit must be a size such as 1G or 4096M (at least 64M).")
        }
    }

    /// Starts watching, for the rest of the process. `memoryBudget`: the decoded images the
    /// command may keep (its `--memory-budget`), which the default limit makes room for.
    func start(memoryBudget: Int? = nil) {
        let timeout = userCodeTimeout ?? Self.defaultTimeout
        let memory =
            memoryLimit.flatMap(RenderOptions.byteSize)
            ?? max(Self.defaultMemoryLimit, (memoryBudget ?? 0) + (1 << 30))
        RunGuard.start(timeout: timeout > 0 ? timeout : nil, memoryLimit: memory)
    }
}

/// The thread that enforces `RunLimits`: every 50 ms it asks how long the longest call into user
/// code has run and how much memory the process holds. Past a limit it asks the render to stop
/// (`RunStop`): the frames in flight finish and the render ends with status 2 by itself; a worker
/// stuck in user code cannot finish, so once the others have, this thread ends the process.
enum RunGuard {
    private static let started = Mutex(false)

    static func start(timeout: Double?, memoryLimit: Int) {
        let first = started.withLock { s in
            defer { s = true }
            return !s
        }
        guard first else { return }
        let thread = Thread { watch(timeout: timeout, memoryLimit: memoryLimit) }
        thread.name = "framegen limits"
        thread.start()
    }

    private static func watch(timeout: Double?, memoryLimit: Int) -> Never {
        var stuck: Double? = nil
        while true {
            Thread.sleep(forTimeInterval: 0.05)
            if let timeout, let call = CrashReport.longestCall(), call.seconds > timeout {
                stuck = timeout
                if RunStop.request(
                    "\(call.line) did not return within \(seconds(timeout)) (--user-code-timeout sets the limit)"
                ) {
                    break
                }
            }
            if let resident = residentBytes(), resident > memoryLimit {
                let during = CrashReport.lastCall.map { ", last in \($0)" } ?? ""
                if RunStop.request(
                    "resident memory reached \(mebibytes(resident)), past --memory-limit \(mebibytes(memoryLimit))\(during)"
                ) {
                    break
                }
            }
        }
        // Stopped: a render (or golden's or bench's frames) ends itself with status 2 once its
        // frames in flight are done, unless a worker is stuck in user code; with nothing
        // rendering (`attributes`), or memory still growing, this thread ends the process.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let stuckThreads = stuck.map { CrashReport.threadsInUserCode(longerThan: $0) } ?? 0
            let others = FrameScheduler.inFlight.load(ordering: .relaxed) - stuckThreads
            let running = FrameScheduler.runs.load(ordering: .relaxed)
            if (stuckThreads > 0 && others <= 0) || running == 0 { break }
            if let resident = residentBytes(), resident > memoryLimit + memoryLimit / 4 { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        FileHandleOutput.standardError.write("framegen: \(RunStop.abandon())\n")
        _exit(ExitStatus.badInput.rawValue)
    }

    /// The process's resident set (/proc/self/statm's second field, in pages).
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Whole MiB, rounded up: a size just past the limit reads as past it.
    static func mebibytes(_ bytes: Int) -> String { "\((bytes + (1 << 20) - 1) >> 20) MiB" }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"  // checked: 0 < s <= 86400 (validate)
    }
}
