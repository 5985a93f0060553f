import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What framegen was asking of a user's layout, kept where a signal handler can read it: a
/// layout that traps (a force unwrap of nil, an index out of range) ends the process, and the
/// command line's handler then names the layout and the call after Swift's own message
/// (docs/uikit.md "Bad input"). One buffer for the process: with several workers it names the
/// call most recently begun, which is the crashing one unless two layouts run at once.
public enum CrashReport {
    private static let capacity = 512
    nonisolated(unsafe) private static let buffer: UnsafeMutablePointer<UInt8> = {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        p.initialize(repeating: 0, count: capacity)
        return p
    }()
    nonisolated(unsafe) private static var length = 0
    /// Each thread's line, so that a call nested in another (a cell's apply(_:) during a layout
    /// pass) gives the outer one back when it returns; per thread because frames are evaluated
    /// on several at once (the signal handler reads only `buffer` and `length`).
    private static let lock = NSLock()
    /// Each thread's calls in progress, outermost first, with when each began (the watchdog's
    /// clock, `now()`).
    nonisolated(unsafe) private static var calls: [pthread_t: [(line: String, start: Double)]] = [:]

    /// Runs `body`, a call into a user's layout described by `line` (e.g. `the layout "cards"
    /// (CardsLayout), in prepare() at t = 0.5 s`), noted while it runs.
    package static func during<R>(_ line: String, _ body: () -> R) -> R {
        let thread = pthread_self()
        SignalStack.installOnThisThread()
        let start = now()
        lock.lock()
        calls[thread, default: []].append((line, start))
        last = line
        note(line)
        lock.unlock()
        defer {
            lock.lock()
            calls[thread]?.removeLast()
            // An emptied stack stays, with its storage, for the thread's next call.
            if let outer = calls[thread]?.last { note(outer.line) } else { length = 0 }
            lock.unlock()
        }
        return body()
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The call into user code that has run longest, on any thread: the line of what runs now
    /// on that thread (its innermost call) and how long the thread has been in user code (from
    /// its outermost call). nil when no user code runs. The command line's watchdog reads it
    /// (docs/uikit.md "Bad input").
    public static func longestCall() -> (line: String, seconds: Double)? {
        let time = now()
        lock.lock()
        defer { lock.unlock() }
        var longest: (line: String, seconds: Double)? = nil
        for stack in calls.values {
            guard let first = stack.first, let last = stack.last else { continue }
            if time - first.start > longest?.seconds ?? -1 { longest = (last.line, time - first.start) }
        }
        return longest
    }

    /// How many threads have been in user code longer than `seconds` (a stopped render waits for
    /// its other workers' frames, not for these).
    public static func threadsInUserCode(longerThan seconds: Double) -> Int {
        let time = now()
        lock.lock()
        defer { lock.unlock() }
        return calls.values.count { ($0.first.map { time - $0.start } ?? 0) > seconds }
    }

    /// The call into user code begun most recently, finished or not (what a render stopped for
    /// its memory names).
    public static var lastCall: String? {
        lock.lock()
        defer { lock.unlock() }
        return last
    }

    nonisolated(unsafe) private static var last: String?

    private static func note(_ line: String) {
        // The buffer read once and the bytes copied in one go: read per byte, the lazy static's
        // guard and the loop were 8 % of a UIKit timeline's time (a note on every call).
        let out = buffer
        var line = line
        let n = line.withUTF8 { bytes in
            let n = Swift.min(bytes.count, capacity - 1)
            if n > 0 { out.update(from: bytes.baseAddress!, count: n) }
            return n
        }
        out[n] = UInt8(ascii: "\n")
        length = n + 1
    }

    /// Whether a call into a user's layout is in progress.
    public static var inUserCode: Bool { length > 0 }

    /// The call noted on the calling thread, nil outside user code (tests: other threads'
    /// calls, a parallel test's, do not show here).
    package static var lineOnThisThread: String? {
        lock.lock()
        defer { lock.unlock() }
        return calls[pthread_self()]?.last?.line
    }

    /// Writes `prefix` and the call in progress to standard error; async-signal-safe (no
    /// allocation, no locks), for a signal handler.
    public static func write(prefix: StaticString) {
        _ = Glibc.write(2, prefix.utf8Start, prefix.utf8CodeUnitCount)
        if length > 0 { _ = Glibc.write(2, buffer, length) }
    }
}

/// A stack overflow in user code (a layout that recurses without end) is a SIGSEGV on a thread
/// with no stack left, where a handler cannot run; with an alternate signal stack it can, and
/// the command line's handler names the call as for a trap. Each thread that runs user code
/// gets one the first time (64 KiB), freed when the thread ends.
enum SignalStack {
    private static let size = 64 * 1024
    /// A thread that had an alternate stack of its own keeps it; this marks it as seen.
    private static var kept: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 1) }
    /// Each thread's stack memory (or `kept`).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { memory in
            if let memory, Int(bitPattern: memory) != 1 { free(memory) }
        }
        return key
    }()

    static func installOnThisThread() {
        guard pthread_getspecific(key) == nil else { return }
        var current = stack_t()
        if sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) == 0 {
            pthread_setspecific(key, kept)
            return
        }
        guard let memory = malloc(size) else { return }
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        guard sigaltstack(&stack, nil) == 0 else {
            free(memory)
            return
        }
        pthread_setspecific(key, memory)
    }
}
