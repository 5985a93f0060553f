import Foundation
import FrameGenCoreGraphics

// UIKit's current graphics context (UIGraphics.h on iOS): a CGContext is Core Graphics', the
// stack of current ones is UIKit's.

/// The contexts of the `draw(_:)` calls running on this thread, innermost last.
private let contextsKey = "FrameGenUIKit.UIGraphicsContexts"

private final class ContextStack {
    var contexts: [CGContext] = []
}

private var contextStack: ContextStack {
    let dictionary = Thread.current.threadDictionary
    if let stack = dictionary[contextsKey] as? ContextStack { return stack }
    let stack = ContextStack()
    dictionary[contextsKey] = stack
    return stack
}

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
