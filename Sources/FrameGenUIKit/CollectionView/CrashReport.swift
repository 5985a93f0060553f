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
    nonisolated(unsafe) private static var lines: [pthread_t: String] = [:]

    /// Runs `body`, a call into a user's layout described by `line` (e.g. `the layout "cards"
    /// (CardsLayout), in prepare() at t = 0.5 s`), noted while it runs.
    package static func during<R>(_ line: String, _ body: () -> R) -> R {
        let thread = pthread_self()
        lock.lock()
        let outer = lines[thread]
        lines[thread] = line
        note(line)
        lock.unlock()
        defer {
            lock.lock()
            lines[thread] = outer
            if let outer { note(outer) } else { length = 0 }
            lock.unlock()
        }
        return body()
    }

    private static func note(_ line: String) {
        var n = 0
        for byte in line.utf8 where n < capacity - 1 {
            buffer[n] = byte
            n += 1
        }
        buffer[n] = UInt8(ascii: "\n")
        length = n + 1
    }

    /// Whether a call into a user's layout is in progress.
    public static var inUserCode: Bool { length > 0 }

    /// The call noted on the calling thread, nil outside user code (tests: other threads'
    /// calls, a parallel test's, do not show here).
    static var lineOnThisThread: String? {
        lock.lock()
        defer { lock.unlock() }
        return lines[pthread_self()]
    }

    /// Writes `prefix` and the call in progress to standard error; async-signal-safe (no
    /// allocation, no locks), for a signal handler.
    public static func write(prefix: StaticString) {
        _ = Glibc.write(2, prefix.utf8Start, prefix.utf8CodeUnitCount)
        if length > 0 { _ = Glibc.write(2, buffer, length) }
    }
}
