import Foundation

/// Core Animation's transactions, for code that groups layer changes.
///
/// On iOS a layer change outside a view animation animates implicitly (a 0.25 s fade of a
/// standalone layer's opacity), unless a transaction disables actions. framegen draws layer
/// changes at once (only `UIView.animate` animates, docs/uikit.md "Animations"), which is what
/// `setDisableActions(true)` asks for; so a transaction groups nothing, and its settings are
/// kept for code that reads them back. A completion block runs when the outermost transaction
/// commits: at once, or, inside a scene, after the code that committed it, on the scene's clock
/// (as on iOS, where it runs once the transaction's animations, none here, end).
public final class CATransaction: NSObject {
    private struct Frame {
        var disableActions = false
        var duration: CFTimeInterval = 0.25
        var timingFunction: CAMediaTimingFunction?
        var completion: (() -> Void)?
    }

    /// The open transactions of each thread, outermost first (Core Animation's are per thread).
    private nonisolated(unsafe) static var stacks: [ObjectIdentifier: [Frame]] = [:]
    private static let stackLock = NSLock()

    private static var threadKey: ObjectIdentifier { ObjectIdentifier(Thread.current) }

    private static func withStack<T>(_ body: (inout [Frame]) -> T) -> T {
        stackLock.lock()
        defer { stackLock.unlock() }
        var stack = stacks[threadKey] ?? []
        let result = body(&stack)
        stacks[threadKey] = stack.isEmpty ? nil : stack
        return result
    }

    public class func begin() { withStack { $0.append(Frame()) } }

    /// Ends the innermost transaction; at the outermost, its completion block runs.
    public class func commit() {
        let completion: (() -> Void)? = withStack { stack in
            guard let frame = stack.popLast() else { return nil }
            if stack.isEmpty { return frame.completion }
            // A nested transaction's completion waits for the outer one.
            if let inner = frame.completion {
                let outer = stack[stack.count - 1].completion
                stack[stack.count - 1].completion = {
                    outer?(); inner()
                }
            }
            return nil
        }
        if let completion { complete(completion) }
    }

    /// Runs a completion after the code that committed: on the scene's clock inside a scene,
    /// else at once.
    private static func complete(_ completion: @escaping () -> Void) {
        if let clock = LayerAnimator.current {
            clock.schedule(at: clock.now, completion)
        } else {
            completion()
        }
    }

    /// Nothing is pending: changes are drawn as made.
    public class func flush() {}

    public class func lock() {}
    public class func unlock() {}

    public class func disableActions() -> Bool { withStack { $0.last?.disableActions ?? false } }
    public class func setDisableActions(_ flag: Bool) {
        withStack { if !$0.isEmpty { $0[$0.count - 1].disableActions = flag } }
    }

    public class func animationDuration() -> CFTimeInterval { withStack { $0.last?.duration ?? 0.25 } }
    public class func setAnimationDuration(_ duration: CFTimeInterval) {
        withStack { if !$0.isEmpty { $0[$0.count - 1].duration = duration } }
    }

    public class func animationTimingFunction() -> CAMediaTimingFunction? {
        withStack { $0.last?.timingFunction }
    }
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        withStack { if !$0.isEmpty { $0[$0.count - 1].timingFunction = function } }
    }

    public class func completionBlock() -> (() -> Void)? { withStack { $0.last?.completion } }
    /// Outside any transaction (iOS opens an implicit one per run loop turn) it runs as that
    /// one commits: after the code that set it.
    public class func setCompletionBlock(_ block: (() -> Void)?) {
        let implicit = withStack { stack -> Bool in
            guard !stack.isEmpty else { return true }
            stack[stack.count - 1].completion = block
            return false
        }
        guard implicit, let block else { return }
        complete(block)
    }
}

/// What a layer does when a property changes (CAAction): framegen runs no implicit actions, so
/// a layer's `actions` are kept and not run. `NSNull` is the "no action" value, as on iOS.
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension NSNull: CAAction {}
