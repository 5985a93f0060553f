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

/// Fills `rect` with the current context's fill colour in `.copy`, as UIKit does (Apple:
/// "using the fill color of the current graphics context and the kCGBlendModeCopy blend mode").
public func UIRectFill(_ rect: CGRect) { UIRectFillUsingBlendMode(rect, .copy) }

public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    defer { context.restoreGState() }
    context.setBlendMode(blendMode)
    context.fill(rect)
}

/// A frame one unit wide inside `rect`, in `.copy`.
public func UIRectFrame(_ rect: CGRect) { UIRectFrameUsingBlendMode(rect, .copy) }

/// Painted inside the rectangle, so that a clip to it keeps the whole frame; in the fill colour,
/// as Apple's page for this function says and UIKit draws both (the frame is an area filled, not
/// a line stroked along the edge). The ring is one even-odd fill, so that its corners are
/// painted once: a translucent colour is not darker there.
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let outer = rect.standardized
    guard outer.width > 0, outer.height > 0 else { return }
    context.saveGState()
    defer { context.restoreGState() }
    context.setBlendMode(blendMode)
    context.beginPath()
    context.addRect(outer)
    let inner = outer.insetBy(dx: 1, dy: 1)
    if inner.width > 0, inner.height > 0 { context.addRect(inner) }
    context.fillPath(using: .evenOdd)
}
