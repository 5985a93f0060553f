import Foundation
import Geometry

/// The outlines a layer is made of, in local points, as Paths (docs/design/rendering.md §8).
public enum Shapes {
    /// CALayerCornerCurve.
    public enum CornerCurve: Sendable, Hashable {
        /// Quarter circles; the radius is clamped to min(width, height) / 2.
        case circular
        /// iOS 13's continuous ("squircle") corner, docs/design/rendering.md §8.3; the radius is clamped
        /// to min(width, height) / 2 / 1.52866483 so the curve fits.
        case continuous
    }

    /// Which corners a rounded rect rounds (CALayer's `maskedCorners`), in local points with y
    /// down: `minXMinY` is the top left on screen.
    public struct Corners: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let minXMinY = Corners(rawValue: 1 << 0)
        public static let maxXMinY = Corners(rawValue: 1 << 1)
        public static let minXMaxY = Corners(rawValue: 1 << 2)
        public static let maxXMaxY = Corners(rawValue: 1 << 3)
        public static let all: Corners = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
    }

    /// Where the continuous curve leaves the straight edge, in units of the radius
    /// (docs/design/rendering.md §8.3).
    public static let continuousCornerExtent = 1.52866483

    /// Clockwise on screen (y down): top-left, top-right, bottom-right, bottom-left.
    public static func rect(_ r: Rect) -> Path {
        let s = r.standardized
        guard !s.isEmpty else { return Path() }
        return Path(polygon: [
            SIMD2(s.minX, s.minY), SIMD2(s.maxX, s.minY), SIMD2(s.maxX, s.maxY), SIMD2(s.minX, s.maxY),
        ])
    }

    /// The radius actually drawn for `radius` on `rect` (the clamps of docs/design/rendering.md §8.3).
    public static func effectiveRadius(_ radius: Double, in r: Rect, curve: CornerCurve) -> Double {
        guard radius > 0, radius.isFinite else { return 0 }
        let half = min(abs(r.width), abs(r.height)) / 2
        switch curve {
        case .circular: return min(radius, half)
        case .continuous: return min(radius, half / continuousCornerExtent)
        }
    }

    /// A rounded rect, clockwise on screen like `rect`; the corners `corners` leaves out stay
    /// square (the radius is clamped as if all four were rounded, as Core Animation does).
    public static func roundedRect(
        _ rect: Rect, radius: Double, curve: CornerCurve = .circular, corners: Corners = .all
    ) -> Path {
        let s = rect.standardized
        guard !s.isEmpty else { return Path() }
        let r = effectiveRadius(radius, in: s, curve: curve)
        guard r > 0, !corners.isEmpty else { return Shapes.rect(s) }
        // Each corner in its own frame: `a` back along the incoming edge, `b` into the rect.
        let points = [
            SIMD2(s.maxX, s.minY), SIMD2(s.maxX, s.maxY), SIMD2(s.minX, s.maxY), SIMD2(s.minX, s.minY),
        ]
        let rounded: [Corners] = [.maxXMinY, .maxXMaxY, .minXMaxY, .minXMinY]
        let directions = [SIMD2(1.0, 0), SIMD2(0, 1.0), SIMD2(-1.0, 0), SIMD2(0, -1.0)]
        let corner = curve == .circular ? circularCorner : continuousCorner
        var path = Path()
        for k in 0..<4 {
            let c = points[k]
            guard corners.contains(rounded[k]) else {
                if k == 0 { path.move(to: c) } else { path.line(to: c) }
                continue
            }
            let din = directions[k]
            let n = SIMD2(-din.y, din.x)
            func place(_ q: SIMD2<Double>) -> SIMD2<Double> { c - (q.x * r) * din + (q.y * r) * n }
            if k == 0 { path.move(to: place(corner.start)) } else { path.line(to: place(corner.start)) }
            for piece in corner.pieces {
                switch piece {
                case .line(let p): path.line(to: place(p))
                case .cubic(let c1, let c2, let p):
                    path.cubic(to: place(p), control1: place(c1), control2: place(c2))
                }
            }
        }
        return path
    }

    /// CALayer's border: the rounded bounds minus the bounds inset by `width` with radius
    /// max(r - width, 0) (docs/design/rendering.md §8.2). The inner contour runs the other way, so the ring
    /// is the same under both fill rules; a border wider than half the rect fills the whole shape.
    public static func border(
        _ rect: Rect, width: Double, radius: Double, curve: CornerCurve = .circular, corners: Corners = .all
    ) -> Path {
        let s = rect.standardized
        guard width > 0, width.isFinite else { return Path() }
        var path = roundedRect(s, radius: radius, curve: curve, corners: corners)
        let inner = s.insetBy(dx: width, dy: width)
        guard !path.isEmpty, inner.width > 0, inner.height > 0 else { return path }
        // docs/design/rendering.md §8.2's rule takes the requested radius: clamp it on the outer rect first.
        let outerRadius = effectiveRadius(radius, in: s, curve: curve)
        path.append(
            roundedRect(inner, radius: max(outerRadius - width, 0), curve: curve, corners: corners).reversed()
        )
        return path
    }

    enum Piece {
        case line(SIMD2<Double>)
        case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
    }

    /// A quarter circle from (1, 0) to (0, 1) about (1, 1) as two 45° cubics (radial error
    /// 4e-6 r, below a hundredth of a pixel up to r = 2500).
    static let circularCorner: (start: SIMD2<Double>, pieces: [Piece]) = {
        func p(_ phi: Double) -> SIMD2<Double> { SIMD2(1 - sin(phi), 1 - cos(phi)) }
        func d(_ phi: Double) -> SIMD2<Double> { SIMD2(-cos(phi), sin(phi)) }
        let h = Double.pi / 4
        let k = 4.0 / 3.0 * tan(h / 4)
        let pieces: [Piece] = [
            .cubic(p(0) + k * d(0), p(h) - k * d(h), p(h)),
            .cubic(p(h) + k * d(h), p(2 * h) - k * d(2 * h), SIMD2(0, 1)),
        ]
        return (SIMD2(1, 0), pieces)
    }()

    /// The continuous corner of docs/design/rendering.md §8.3 (PaintCode's), verbatim.
    static let continuousCorner: (start: SIMD2<Double>, pieces: [Piece]) = (
        SIMD2(1.52866483, 0),
        [
            .cubic(SIMD2(1.08849323, 0), SIMD2(0.86840689, 0), SIMD2(0.66993427, 0.06549600)),
            .line(SIMD2(0.63149399, 0.07491100)),
            .cubic(
                SIMD2(0.37282392, 0.16905899), SIMD2(0.16905899, 0.37282392),
                SIMD2(0.07491100, 0.63149399)),
            .line(SIMD2(0.06549600, 0.66993427)),
            .cubic(SIMD2(0, 0.86840689), SIMD2(0, 1.08849323), SIMD2(0, 1.52866483)),
        ]
    )
}
