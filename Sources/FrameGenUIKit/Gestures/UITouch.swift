import Foundation

/// One finger on the screen: the scene's tap (its taps and how long it is held), delivered to
/// gesture recognisers (docs/uikit.md "Gesture recognisers").
open class UITouch: NSObject {
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    /// The view the touch landed on (the hit-tested view).
    open private(set) weak var view: UIView?
    open internal(set) var phase: Phase = .began
    open private(set) var tapCount = 1
    /// The scene's time of the tap, in `CACurrentMediaTime()`'s seconds.
    open private(set) var timestamp: TimeInterval
    open var type: TouchType { .direct }
    open var force: CGFloat { 0 }
    open var maximumPossibleForce: CGFloat { 0 }
    open var majorRadius: CGFloat { 20 }
    open var majorRadiusTolerance: CGFloat { 5 }
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]?

    /// Where it is, in `root`'s bounds coordinates (the topmost view of the tree it landed in);
    /// a drag moves it.
    var point: CGPoint
    private weak var root: UIView?

    /// How long the finger stays down, in seconds: 0 for a short tap, more for a long press
    /// (a scene's `tap` with `hold`).
    let holdDuration: TimeInterval

    init(
        view: UIView, at point: CGPoint, in root: UIView, timestamp: TimeInterval, tapCount: Int = 1,
        hold: TimeInterval = 0
    ) {
        self.view = view
        self.point = point
        self.root = root
        self.timestamp = timestamp
        self.tapCount = tapCount
        holdDuration = hold
    }

    /// The touch in `view`'s coordinates; nil for the window's, which is the top of the tree.
    open func location(in view: UIView?) -> CGPoint {
        guard let root else { return point }
        guard let view else {
            var top = root
            while let up = top.superview { top = up }
            return top === root ? point : root.convert(point, to: top)
        }
        return view === root ? point : root.convert(point, to: view)
    }

    /// A tap does not move: where it is.
    open func previousLocation(in view: UIView?) -> CGPoint { location(in: view) }
    open func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
}
