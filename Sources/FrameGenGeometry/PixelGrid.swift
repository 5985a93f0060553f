/// A screen's device pixels, `scale` to a point: where UIKit puts what it aligns
/// (docs/layouts-and-motion.md "Pixel alignment"). UIScrollView rounds every content offset it is
/// given to this grid, and the flow layout rounds its frames' origins and sizes.
public struct PixelGrid: Hashable, Sendable {
    /// Pixels per point (UIScreen.scale); a non-finite or non-positive scale counts as 1.
    public let scale: Double

    public init(scale: Double) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The nearest grid line, a tie going up: UIScrollView reads -187.5 back as -187.333... on a
    /// 3x screen (-562.5 px to -562), where rounding halves away from zero would give -187.667.
    public func round(_ v: Double) -> Double {
        guard v.isFinite else { return v }
        return (v * scale + 0.5).rounded(.down) / scale
    }

    public func round(_ p: Point) -> Point { Point(x: round(p.x), y: round(p.y)) }

    /// The nearest grid line, a half going away from zero: how the compositional layout puts
    /// a length or a position on the pixels (a badge 22.5 px above its item's top is 23 above).
    public func nearest(_ v: Double) -> Double {
        guard v.isFinite else { return v }
        return (v * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// Origin and size each put on the grid by `nearest(_:)`.
    public func nearest(_ r: Rect) -> Rect {
        Rect(x: nearest(r.minX), y: nearest(r.minY), width: nearest(r.width), height: nearest(r.height))
    }

    /// Origin and size each rounded, so that equal sizes stay equal.
    public func round(_ r: Rect) -> Rect {
        Rect(x: round(r.minX), y: round(r.minY), width: round(r.width), height: round(r.height))
    }

    /// Whether `v` lies on a grid line (to within rounding error of the division by the scale).
    public func contains(_ v: Double) -> Bool {
        let pixels = v * scale
        return abs(pixels - pixels.rounded()) <= 1e-9 * max(1, abs(pixels))
    }
}
