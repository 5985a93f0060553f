import Foundation
import FrameGenCoreGraphics

// UIKit's current graphics context (UIGraphics.h on iOS): a CGContext is Core Graphics', the
// stack of current ones is UIKit's.

/// A stack of values of the running thread, innermost last, kept in its thread dictionary under
/// a key: UIKit's current contexts are per thread.
package final class ThreadStack<Element> {
    package var contexts: [Element] = []

    package static func current(_ key: String) -> ThreadStack<Element> {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? ThreadStack<Element> { return stack }
        let stack = ThreadStack<Element>()
        dictionary[key] = stack
        return stack
    }
}

/// The contexts of the `draw(_:)` calls running on this thread, innermost last.
private var contextStack: ThreadStack<CGContext> { .current("FrameGenUIKit.UIGraphicsContexts") }

/// The context `draw(_:)` draws into while framegen calls it; nil anywhere else.
public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.contexts.last }

/// Runs `body` with `context` current (UIGraphicsPushContext and UIGraphicsPopContext).
func withCurrentContext<T>(_ context: CGContext, _ body: () throws -> T) rethrows -> T {
    let stack = contextStack
    stack.contexts.append(context)
    defer { stack.contexts.removeLast() }
    return try body()
}

public func UIGraphicsPushContext(_ context: CGContext) { contextStack.contexts.append(context) }

public func UIGraphicsPopContext() { _ = contextStack.contexts.popLast() }

/// Intersects the current context's clip with `rect` (in `draw(_:)`; elsewhere does nothing).
public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }
