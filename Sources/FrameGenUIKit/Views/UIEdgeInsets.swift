import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import Geometry

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

    package init(_ e: Geometry.EdgeInsets) {
        self.init(
            top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right))
    }

    package var geometry: Geometry.EdgeInsets {
        Geometry.EdgeInsets(
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

extension CGRect {
    /// The rectangle less `insets` (UIEdgeInsetsInsetRect); it is not standardised, so large
    /// insets leave a negative size, as on iOS.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(geometry.inset(by: insets.geometry))
    }
}
