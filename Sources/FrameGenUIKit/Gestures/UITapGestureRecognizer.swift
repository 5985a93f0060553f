import Foundation

/// Recognises the scene's taps (docs/uikit.md "Gesture recognisers"): one tap of one finger.
/// A recogniser that asks for more taps or fingers fails on it, as on iOS when the second tap
/// does not come.
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
    open var buttonMaskRequired = 1

    override func recognizes(_ touch: UITouch) -> Bool {
        numberOfTapsRequired == 1 && numberOfTouchesRequired == 1
    }
}
