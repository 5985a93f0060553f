import Foundation

/// A long press: the scene's taps are short, so it fails on them, as on iOS when the finger
/// lifts before `minimumPressDuration` (docs/uikit.md "Gesture recognisers").
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var numberOfTouchesRequired = 1
    open var numberOfTapsRequired = 0
    open var allowableMovement: CGFloat = 10
}
