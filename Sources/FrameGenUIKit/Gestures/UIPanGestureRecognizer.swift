import Foundation

/// A pan: accepted, with its settings; the scene's drags scroll the collection view and are not
/// delivered to pans of your own (docs/uikit.md "Gesture recognisers"), and a tap makes a pan
/// fail, as on iOS. The scroll view's own (`panGestureRecognizer`) reports its drags.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

    /// How far the finger moved since the gesture began: none, as no pan is delivered.
    open func translation(in view: UIView?) -> CGPoint { translation }
    open func setTranslation(_ translation: CGPoint, in view: UIView?) { self.translation = translation }
    open func velocity(in view: UIView?) -> CGPoint { .zero }

    private var translation = CGPoint.zero
}

/// A pan from the screen's edge: a `UIPanGestureRecognizer` with its edges.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    open var edges: UIRectEdge = []
}

/// The scroll view's pan recogniser, which springy layouts ask where the finger is
/// (docs/uikit.md "UIKit Dynamics"): framegen's drags have no finger position, so the touch is
/// at the centre of the view's visible bounds, where a drag scene's finger would be.
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    init(scrollView: UIScrollView) {
        super.init(target: nil, action: nil)
        view = scrollView
    }

    /// `.changed` while the scroll view is being dragged, else `.possible`.
    override var state: State {
        get { (view as? UIScrollView)?.isDragging == true ? .changed : .possible }
        set {}
    }

    /// The centre of the scroll view's visible bounds in `view`'s coordinates: its own, its
    /// superview's or the window's (nil); another view gets the same numbers as the scroll
    /// view's.
    override func location(in view: UIView?) -> CGPoint {
        guard let own = self.view else { return .zero }
        let centre = CGPoint(x: own.bounds.midX, y: own.bounds.midY)
        if view === own { return centre }
        guard view == nil || view === own.superview else { return centre }
        return CGPoint(x: own.center.x, y: own.center.y)
    }
}

extension UIScrollView {
    /// The recogniser of the scroll view's drags (a new object each time: framegen keeps none).
    public var panGestureRecognizer: UIPanGestureRecognizer {
        ScrollViewPanGestureRecognizer(scrollView: self)
    }
}
