import Foundation

/// A swipe: it recognises a scene's drag that starts over its view and moves quickly enough
/// along one of its directions (docs/uikit.md "Gesture recognisers"), and sends `.ended` at the
/// instant it has; a tap makes it fail.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    open var direction: Direction = .right
    open var numberOfTouchesRequired = 1

    /// How far the finger must move along the direction, in points, and how soon (*chosen*:
    /// UIKit does not document its thresholds; a flick covers this, a slow drag does not).
    static let minimumDistance: CGFloat = 50
    static let maximumDuration = 0.5

    /// The instant, in seconds after the finger landed, at which the finger has moved
    /// `minimumDistance` along its drag, when the drag goes mostly one way (more along than
    /// across) and that way is one of `direction`'s, within `maximumDuration`.
    override func recognizes(_ movement: Movement) -> Double? {
        guard case .drag(let by) = movement.gesture.kind, numberOfTouchesRequired == 1 else { return nil }
        let (along, across) = abs(by.x) > abs(by.y) ? (by.x, by.y) : (by.y, by.x)
        guard abs(along) > abs(across), abs(along) >= Double(Self.minimumDistance) else { return nil }
        let way: Direction =
            abs(by.x) > abs(by.y) ? (by.x > 0 ? .right : .left) : (by.y > 0 ? .down : .up)
        guard direction.contains(way) else { return nil }
        let needed = Double(Self.minimumDistance) / abs(along)
        let reached = movement.instants.first { movement.gesture.progress(at: $0) >= needed }
        return reached.flatMap { $0 <= Self.maximumDuration ? $0 : nil }
    }
}
