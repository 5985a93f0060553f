import Foundation

/// A long press: it recognises a scene's tap held for `minimumPressDuration` or longer (`tap`
/// with `hold`), after `numberOfTapsRequired` taps before it, and sends `.began` when the press
/// has lasted `minimumPressDuration` and `.ended` when the finger lifts; a shorter tap fails it,
/// as on iOS (docs/uikit.md "Gesture recognisers").
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var numberOfTouchesRequired = 1
    open var numberOfTapsRequired = 0
    open var allowableMovement: CGFloat = 10

    override func recognizes(_ touch: UITouch) -> Bool {
        numberOfTouchesRequired == 1 && touch.tapCount == numberOfTapsRequired + 1
            && touch.holdDuration >= minimumPressDuration
    }
}
