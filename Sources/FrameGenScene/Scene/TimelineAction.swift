import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion

/// One entry of a scene's `timeline` (docs/formats.md §1), validated: the scene parser produces
/// these and the timeline engine consumes them, so this file is the contract between the two.
/// Every action names the view it acts on (`view: NAME` in the file; nil = the first view).
public struct TimelineAction: Sendable, Equatable {
    public var kind: Kind
    /// The `view:` key; nil means the scene's first view.
    public var view: String?
    /// The key path of this entry in its file (`timeline[3]`), for messages about it later.
    public var keyPath: String

    public init(_ kind: Kind, view: String? = nil, keyPath: String = "timeline") {
        self.kind = kind
        self.view = view
        self.keyPath = keyPath
    }

    public enum Kind: Sendable, Equatable {
        /// `wait: SECONDS`.
        case wait(duration: Double)
        /// `scroll: {to: [x, y], duration, curve}`: setContentOffset(_:animated:) with a curve;
        /// duration 0 jumps.
        case scroll(to: Point, duration: Double, curve: TimingCurve)
        /// `drag: {by: [dx, dy], duration, curve?}`: a finger moving by `by` on screen; the
        /// content follows (offset -= by) with rubber-banding; at the end the finger lifts with
        /// its final velocity and the scroll view decelerates, snaps or pages until at rest.
        /// `at`: where the finger starts, in the view's coordinates; over a section that
        /// scrolls on its own (an orthogonal section), a drag mostly along that section's axis
        /// scrolls the section instead of the view.
        case drag(by: Point, duration: Double, curve: TimingCurve, at: Point?)
        /// `fling: {velocity: [vx, vy], rate?}`: a release with this content-offset velocity (pt/s)
        /// and the view's deceleration rate unless `rate` overrides it. Runs until the scroll view
        /// is at rest.
        case fling(velocity: Point, rate: DecelerationRate?)
        /// `rotate: {to: landscape|portrait|[w, h], duration, curve}`: the view's bounds change.
        case rotate(to: RotationTarget, duration: Double, curve: TimingCurve)
        /// `delete: {items: [[s, i], ...], sections?: [s...], duration, curve}`.
        case delete(items: [IndexPath], duration: Double, curve: TimingCurve)
        /// `insert: {items: [[s, i], ...], duration, curve}`: new items (indices after the update).
        case insert(items: [IndexPath], duration: Double, curve: TimingCurve)
        /// `move: {from: [s, i], to: [s, i], duration, curve}`.
        case move(from: IndexPath, to: IndexPath, duration: Double, curve: TimingCurve)
        /// `tap: {item: [s, i]}` or `tap: {at: [x, y]}` (a point in the view): the layout's tap
        /// handling; `duration` (default: until the layout's own animation ends) bounds it.
        /// `count` taps (2: a double tap) and `hold` seconds the finger stays down (a long
        /// press) go to gesture recognisers.
        case tap(TapTarget, duration: Double?, count: Int = 1, hold: Double = 0)
        /// `pinch: {scale, center: [x, y], duration, curve}`: two fingers, `center` in view points.
        case pinch(scale: Double, center: Point?, duration: Double, curve: TimingCurve)
        /// `set: {layout: {param: value...}, duration, curve}`: new layout parameters, animated
        /// as an invalidation (UIView.animate around invalidateLayout); duration 0 is immediate.
        case set(layout: [String: CustomValue], duration: Double, curve: TimingCurve)
    }

    public enum RotationTarget: Sendable, Equatable {
        case portrait
        case landscape
        /// An explicit new view size in points.
        case size(Size)
    }

    public enum TapTarget: Sendable, Equatable {
        case item(IndexPath)
        /// A point in the view's coordinates (points, origin at the view's top left).
        case point(Point)
    }
}
