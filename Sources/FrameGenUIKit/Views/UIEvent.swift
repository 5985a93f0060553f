import Foundation

/// A touch or other event: the one a scene's tap gives the touches methods
/// (`UIResponder.touchesBegan(_:with:)`), holding its touch. framegen calls
/// `point(inside:with:)` and `hitTest(_:with:)` with nil.
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable {
        case touches
        case motion
        case remoteControl
        case presses
    }

    open var type: EventType { .touches }

    /// The touches of a touch event.
    var touchSet: Set<UITouch>?

    /// The time of its touches (the scene's, as `CACurrentMediaTime()` counts), else 0.
    open var timestamp: TimeInterval { touchSet?.first?.timestamp ?? 0 }

    open var allTouches: Set<UITouch>? { touchSet }

    /// Its touches in `view`, or nil when it has none there.
    open func touches(for view: UIView) -> Set<UITouch>? {
        let found: Set<UITouch> = (touchSet ?? []).filter { $0.view === view }
        return found.isEmpty ? nil : found
    }

    /// Its touches that gesture recogniser `gesture` receives.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        let found: Set<UITouch> = (touchSet ?? []).filter {
            $0.gestureRecognizers?.contains { $0 === gesture } == true
        }
        return found.isEmpty ? nil : found
    }
}
