import Foundation

extension UIView {
    /// How a view's content fills its bounds; the raw values are UIKit's.
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0
        case scaleAspectFit = 1
        case scaleAspectFill = 2
        case redraw = 3
        case center = 4
        case top = 5
        case bottom = 6
        case left = 7
        case right = 8
        case topLeft = 9
        case topRight = 10
        case bottomLeft = 11
        case bottomRight = 12
    }

    /// What follows the superview's size; the raw values are UIKit's.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The value of an intrinsic size component a view does not have.
    public static let noIntrinsicMetric: CGFloat = -1

    /// The superview went from `old` to `new`: share each axis's change among the flexible parts
    /// (margins and size) in proportion to their current lengths, as Apple documents for more
    /// than one flexible part; equally when they are all zero (framegen's choice). Works on the
    /// frame, which is exact for an untransformed view.
    func autoresize(superviewSize old: CGSize, to new: CGSize) {
        let mask = autoresizingMask
        var f = frame
        (f.origin.x, f.size.width) = UIView.share(
            new.width - old.width, lead: f.minX, size: f.width, trail: old.width - f.maxX,
            flexible: (
                mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                mask.contains(.flexibleRightMargin)
            ))
        (f.origin.y, f.size.height) = UIView.share(
            new.height - old.height, lead: f.minY, size: f.height, trail: old.height - f.maxY,
            flexible: (
                mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                mask.contains(.flexibleBottomMargin)
            ))
        frame = f
    }

    /// The new (origin, length) of one axis after `delta` is shared among the flexible parts.
    private static func share(
        _ delta: CGFloat, lead: CGFloat, size: CGFloat, trail: CGFloat,
        flexible: (lead: Bool, size: Bool, trail: Bool)
    ) -> (CGFloat, CGFloat) {
        let parts = [(lead, flexible.lead), (size, flexible.size), (trail, flexible.trail)]
        let count = parts.filter(\.1).count
        guard count > 0, delta != 0 else { return (lead, size) }
        let total = parts.filter(\.1).map { Swift.max($0.0, 0) }.reduce(0, +)
        func grown(_ part: (CGFloat, Bool)) -> CGFloat {
            guard part.1 else { return part.0 }
            let weight = total > 0 ? Swift.max(part.0, 0) / total : 1 / CGFloat(count)
            return part.0 + delta * weight
        }
        return (grown(parts[0]), grown(parts[1]))
    }
}
