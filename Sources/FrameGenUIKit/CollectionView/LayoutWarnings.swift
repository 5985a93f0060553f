import Foundation

/// Where a UIKit layout's problems go, each line once (frames are evaluated many times, on
/// several threads).
public final class LayoutWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<String> = []
    private let write: @Sendable (String) -> Void

    /// `write` gets each line once; default: standard error, as framegen's other warnings.
    public init(
        _ write: @escaping @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data("framegen: warning: \(line)\n".utf8))
        }
    ) {
        self.write = write
    }

    package func warn(_ line: String) {
        lock.lock()
        let first = seen.insert(line).inserted
        lock.unlock()
        if first { write(line) }
    }
}
