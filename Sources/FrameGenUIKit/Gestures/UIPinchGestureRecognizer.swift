import Foundation

/// A pinch: it hears a scene's pinch centred over its view, as UIKit's does (docs/uikit.md
/// "Gesture recognisers"): `.began` at the first screen refresh the fingers have moved by,
/// `.changed` at each refresh after, `.ended` when they lift, with the scale of the distance
/// between the fingers and its velocity; a tap makes it fail.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The distance between the fingers against their distance when they landed, divided by
    /// what setting it took away: a handler that scales its view and sets it back to 1 gets the
    /// change since, as on iOS.
    open var scale: CGFloat {
        get { (movement?.scale ?? 1) / base }
        set { base = newValue > 0 ? (movement?.scale ?? 1) / newValue : base }
    }

    /// Scale per second.
    open var velocity: CGFloat { (movement?.scaleVelocity ?? 0) / base }

    private var base: CGFloat = 1

    override func recognizes(_ movement: Movement) -> Double? {
        guard case .pinch = movement.gesture.kind else { return nil }
        return movement.firstRefresh
    }

    override func beginMovement() { base = 1 }
}
