import Foundation

/// UIKit's gesture recognisers as far as layouts read them: a scroll view's pan recogniser,
/// which springy layouts ask where the finger is (docs/uikit.md "UIKit Dynamics").
///
/// framegen's drags have no finger position: the touch is at the centre of the view's visible
/// bounds, where a drag scene's finger would be. Recognisers cannot be added to views.
open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    open private(set) weak var view: UIView?

    package init(view: UIView) {
        self.view = view
        super.init()
    }

    /// `.changed` while the scroll view is being dragged, else `.possible`.
    open var state: State { (view as? UIScrollView)?.isDragging == true ? .changed : .possible }

    /// The touch point (the centre of the recogniser's view's visible bounds) in `view`'s
    /// coordinates: its own, its superview's or the window's (nil); another view gets the
    /// same numbers as the recogniser's view.
    open func location(in view: UIView?) -> CGPoint {
        guard let own = self.view else { return .zero }
        let centre = CGPoint(x: own.bounds.midX, y: own.bounds.midY)
        if view === own { return centre }
        guard view == nil || view === own.superview else { return centre }
        return CGPoint(x: own.center.x, y: own.center.y)
    }
}

open class UIPanGestureRecognizer: UIGestureRecognizer {}

extension UIScrollView {
    /// The recogniser of the scroll view's drags (a new object each time: framegen keeps none).
    public var panGestureRecognizer: UIPanGestureRecognizer { UIPanGestureRecognizer(view: self) }
}
