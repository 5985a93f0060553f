import Foundation
import FrameGenUserCode

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

#if canImport(Glibc)
    import Glibc
#endif

/// Where a UIKit layout's problems go, each line once (frames are evaluated many times, on
/// several threads): warnings, and what UIKit raises an exception for.
public final class LayoutWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<String> = []
    private let write: @Sendable (String) -> Void
    private let exceptions: (@Sendable (String) -> Void)?

    /// `write` gets each warning once; default: standard error, as framegen's other warnings.
    /// UIKit's exceptions end the process as they end an app (`raise(_:during:)`).
    public init(
        _ write: @escaping @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data("framegen: warning: \(line)\n".utf8))
        }
    ) {
        self.write = write
        exceptions = nil
    }

    /// As `init(_:)`, but `exceptions` gets each of UIKit's exceptions once instead, and
    /// framegen goes on without the answer UIKit refused (a test's own list).
    public init(
        _ write: @escaping @Sendable (String) -> Void, exceptions: @escaping @Sendable (String) -> Void
    ) {
        self.write = write
        self.exceptions = exceptions
    }

    package func warn(_ line: String) {
        if first(line) { write(line) }
    }

    /// What UIKit answers with an exception (`NSInternalInconsistencyException`): `reason` is
    /// UIKit's message, `call` names the layout and the call as a crash report does. An uncaught
    /// exception ends an app on a phone, so it ends framegen too (`UIKitException.terminate`):
    /// a test must not pass on Linux for code that crashes on iOS.
    package func raise(_ reason: String, during call: String?) {
        let line = UIKitException.line(reason, during: call)
        guard let exceptions else { UIKitException.terminate(line) }
        if first(line) { exceptions(line) }
    }

    private func first(_ line: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return seen.insert(line).inserted
    }
}

/// An exception UIKit raises where a layout's answer breaks its contract (docs/uikit.md "Bad
/// input"). The protocol framegen's timeline evaluates frames through does not throw, so it
/// ends the process the way a layout that traps does (`CrashReport`): one line on standard
/// error and exit status 2, bad input. Frames already written stay whole: each is renamed into
/// place only once complete (`FileIO.writeAtomically`).
package enum UIKitException {
    /// The call into user code in progress on this thread, as a crash report names it.
    package static var currentCall: String? { CrashReport.lineOnThisThread }

    /// `framegen: <UIKit's message> (<the layout and the call>)`, without the prefix.
    package static func line(_ reason: String, during call: String?) -> String {
        call.map { "\(reason) (\($0))" } ?? reason
    }

    /// Writes `framegen: LINE` to standard error and exits with status 2 at once: no other
    /// thread's work (a frame half drawn) runs on, as after a crash.
    package static func terminate(_ line: String) -> Never {
        let text = Array("framegen: \(line)\n".utf8)
        text.withUnsafeBufferPointer { b in
            var offset = 0
            while offset < b.count {
                let n = Glibc.write(2, b.baseAddress! + offset, b.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
        // ExitStatus.badInput (FrameGenScene, which this module does not import).
        _exit(2)
    }

    /// UIKit's message when code dequeues a view whose identifier nothing registered for its
    /// kind (`UICollectionElementKindCell` for cells).
    package static func couldNotDequeue(kind: String, identifier: String) -> String {
        "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
    }

    /// UIKit's message when the layout answers nil for an item the collection view needs the
    /// attributes of (`-[UICollectionViewData layoutAttributesForItemAtIndexPath:]`).
    package static func noAttributes(forItemAt indexPath: IndexPath) -> String {
        "no UICollectionViewLayoutAttributes instance for -layoutAttributesForItemAtIndexPath: \(describe(indexPath))"
    }

    /// An `NSIndexPath` as UIKit's messages print one (without the object's address).
    package static func describe(_ indexPath: IndexPath) -> String {
        "<NSIndexPath> {length = \(indexPath.count), path = \(indexPath.map(String.init).joined(separator: " - "))}"
    }
}
