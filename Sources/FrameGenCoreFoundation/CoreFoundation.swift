@_exported import CFrameGenDarwin
import Foundation

// What Core Foundation and Darwin give an app's Swift files on iOS through `import Foundation` and
// Foundation on Linux does not export: the absolute time, a run loop's turn in a mode, the Mach
// clock (CFrameGenDarwin). The port imports this module into a file that uses one of them
// (`SourcePort.coreFoundationNames`; docs/uikit.md, "Core Foundation and Darwin calls"). Not
// exported by UIKit: Foundation on Linux may one day export these names, and a file that does not
// need them should not see two.

/// Seconds since 1 January 2001, 00:00 UTC, as Core Foundation counts them.
public typealias CFAbsoluteTime = Double

/// The current absolute time: Foundation's `Date().timeIntervalSinceReferenceDate`, the same count.
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime { Date().timeIntervalSinceReferenceDate }

/// A run loop mode, as Core Foundation names them.
public struct CFRunLoopMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let defaultMode = CFRunLoopMode(rawValue: "kCFRunLoopDefaultMode")
    public static let commonModes = CFRunLoopMode(rawValue: "kCFRunLoopCommonModes")
}

/// Why `CFRunLoopRunInMode` returned, with Core Foundation's values.
public enum CFRunLoopRunResult: Int32, Sendable {
    case finished = 1
    case stopped = 2
    case timedOut = 3
    case handledSource = 4
}

/// Runs the current thread's run loop in `mode` for up to `seconds`, as Foundation's `RunLoop`
/// does on Linux (its timers and sources): `.finished` at once when it has nothing to wait for,
/// as Core Foundation returns; `.handledSource` when `returnAfterSourceHandled` and it handled
/// one before the time was up; else `.timedOut`.
@discardableResult
public func CFRunLoopRunInMode(
    _ mode: CFRunLoopMode!, _ seconds: Double, _ returnAfterSourceHandled: Bool
) -> CFRunLoopRunResult {
    let runMode: RunLoop.Mode = mode == .commonModes ? .common : .default
    let deadline = Date(timeIntervalSinceNow: max(0, seconds))
    repeat {
        guard RunLoop.current.run(mode: runMode, before: deadline) else { return .finished }
        if returnAfterSourceHandled, Date() < deadline { return .handledSource }
    } while Date() < deadline
    return .timedOut
}
