import Foundation

/// A pan: it hears a scene's drag that starts over its view, as UIKit's does (docs/uikit.md
/// "Gesture recognisers"): `.began` at the first screen refresh the finger has moved by,
/// `.changed` at each refresh after, `.ended` when the finger lifts, with the translation and
/// velocity of the finger's path at each; a tap makes it fail.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

    /// How far the finger has moved since the gesture began, in `view`'s coordinates (nil: the
    /// window's), less what `setTranslation(_:in:)` took away.
    open func translation(in view: UIView?) -> CGPoint {
        let moved = movement?.translation(in: view) ?? .zero
        return CGPoint(x: moved.x + adjustment.x, y: moved.y + adjustment.y)
    }

    /// Makes the translation read `translation` now; later movement adds to it, as UIKit's
    /// does (a handler that moves its view by the translation and sets it back to zero).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let moved = movement?.translation(in: view) ?? .zero
        adjustment = CGPoint(x: translation.x - moved.x, y: translation.y - moved.y)
    }

    /// The finger's velocity, in points per second of `view`'s coordinates (nil: the window's).
    open func velocity(in view: UIView?) -> CGPoint { movement?.velocity(in: view) ?? .zero }

    private var adjustment = CGPoint.zero

    override func recognizes(_ movement: Movement) -> Double? {
        guard case .drag = movement.gesture.kind,
            (minimumNumberOfTouches...maximumNumberOfTouches).contains(1)
        else { return nil }
        return movement.firstRefresh
    }

    override func beginMovement() { adjustment = .zero }
}

/// A pan from the screen's edge: a pan whose finger lands within `edgeWidth` of one of `edges`
/// of the window (the top of the view tree).
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    open var edges: UIRectEdge = []

    /// *Chosen*: UIKit does not document how near the edge the finger must land.
    static let edgeWidth: CGFloat = 20

    override func recognizes(_ movement: Movement) -> Double? {
        guard let begins = super.recognizes(movement), let root = movement.root else { return nil }
        var window = root
        while let up = window.superview { window = up }
        let p = root.convert(movement.origin, to: window)
        let b = window.bounds
        let w = Self.edgeWidth
        let near =
            (edges.contains(.left) && p.x - b.minX < w) || (edges.contains(.right) && b.maxX - p.x < w)
            || (edges.contains(.top) && p.y - b.minY < w) || (edges.contains(.bottom) && b.maxY - p.y < w)
        return near ? begins : nil
    }
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
