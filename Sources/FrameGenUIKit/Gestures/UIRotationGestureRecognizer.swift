import Foundation

/// A two-finger rotation: accepted; no rotation gesture is delivered, and a tap makes it fail.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    open var rotation: CGFloat = 0
    open private(set) var velocity: CGFloat = 0
}
