import FrameGenGeometry
import FrameGenMotion

/// A scene's drag, pinch or fling as the fingers make it, offered to the layout's views before
/// the engine scrolls or zooms (`CollectionViewLayout.collectionViewDidReceive(_:_:)`): gesture
/// recognisers of the program's may take it (docs/uikit.md "Gesture recognisers").
public struct TouchGesture: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// One finger moving by `by` on screen.
        case drag(by: Point)
        /// Two fingers whose distance grows by the factor `scale`.
        case pinch(scale: Double)
        /// A release with this content-offset velocity in points per second and no finger
        /// travel (the scene's `fling`); `duration` is 0. Positive toward the content's end, as
        /// the scene's fling: the finger moves the other way.
        case fling(velocity: Point)
    }

    public var kind: Kind
    /// Where the finger starts (a pinch: the point between the two; a fling: the view's centre),
    /// in the view's coordinates.
    public var location: Point
    /// Seconds from the fingers landing to their lifting, and the curve they move along.
    public var duration: Double
    public var curve: TimingCurve

    public init(kind: Kind, location: Point, duration: Double, curve: TimingCurve) {
        self.kind = kind
        self.location = location
        self.duration = duration
        self.curve = curve
    }

    /// How far through the gesture the fingers are `elapsed` seconds after it began (0...1).
    public func progress(at elapsed: Double) -> Double {
        guard duration > 0 else { return 1 }
        return curve.progress(min(max(elapsed / duration, 0), 1))
    }

    /// The rate of `progress` per second at `elapsed`, as the timeline's drags take their
    /// release velocity (`TimingCurve.slope(at:over:)`; a straight path's exactly).
    public func progressRate(at elapsed: Double) -> Double {
        guard duration > 0 else { return 0 }
        if curve == .linear { return 1 / duration }
        return curve.slope(at: min(max(elapsed / duration, 1e-4), 1), over: duration)
    }
}
