import Foundation

/// Recognises the scene's taps (docs/uikit.md "Gesture recognisers"): a recogniser of n taps
/// recognises a touch of n taps or more (a single-tap recogniser recognises the first tap of a
/// double tap, as on iOS, unless it must wait for the double tap's to fail), of one finger,
/// lifted within `maximumTapDuration`.
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
    open var buttonMaskRequired = 1

    /// How long a finger may stay down and still tap: 1.5 s (*chosen*: UIKit's private tap
    /// recogniser's maximum tap duration).
    static let maximumTapDuration: TimeInterval = 1.5

    override func recognizes(_ touch: UITouch) -> Bool {
        numberOfTouchesRequired == 1 && numberOfTapsRequired >= 1 && numberOfTapsRequired <= touch.tapCount
            && touch.holdDuration < Self.maximumTapDuration
    }
}
