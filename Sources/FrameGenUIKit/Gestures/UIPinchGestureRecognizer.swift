import Foundation

/// A pinch: accepted, with its scale and velocity; the scene's pinches go to the layout
/// (docs/scene.md), not to pinch recognisers of your own, and a tap makes it fail.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    open var scale: CGFloat = 1
    open private(set) var velocity: CGFloat = 0
}
