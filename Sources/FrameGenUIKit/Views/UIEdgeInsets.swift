import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenQuartzCore

/// Insets for each edge of a rectangle; positive values shrink it.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static var zero: UIEdgeInsets { UIEdgeInsets() }

    package init(_ e: FrameGenGeometry.EdgeInsets) {
        self.init(
            top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right))
    }

    package var geometry: FrameGenGeometry.EdgeInsets {
        FrameGenGeometry.EdgeInsets(
            top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
    }
}

/// Insets by leading and trailing edge (left and right in a left-to-right layout, which is the
/// only direction framegen lays out).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static var zero: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets() }
}

/// The edges of a rectangle, named by leading and trailing (left and right: framegen lays out
/// left to right). In UIKit, beside the insets: compositional layouts and button
/// configurations (`imagePlacement`) both name edges with it.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

extension CGRect {
    /// The rectangle less `insets` (UIEdgeInsetsInsetRect); it is not standardised, so large
    /// insets leave a negative size, as on iOS.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(geometry.inset(by: insets.geometry))
    }
}
