import Foundation
import FrameGenGeometry

/// The outlines a layer is made of, in local points, as Paths (docs/design/rendering.md §8).
public enum Shapes {
    /// CALayerCornerCurve.
    public enum CornerCurve: Sendable, Hashable {
        /// Quarter circles; the radius is clamped to min(width, height) / 2.
        case circular
        /// iOS 13's continuous ("squircle") corner, docs/design/rendering.md §8.3; the radius is clamped
        /// to min(width, height) / 2 / 1.528665 so the curve fits.
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
    public static let continuousCornerExtent = 1.528665

    /// Clockwise on screen (y down): top-left, top-right, bottom-right, bottom-left.
    public static func rect(_ r: Rect) -> Path {
        let s = r.standardized
        guard !s.isEmpty else { return Path() }
        return Path(polygon: [
            SIMD2(s.minX, s.minY), SIMD2(s.maxX, s.minY), SIMD2(s.maxX, s.maxY), SIMD2(s.minX, s.maxY),
        ])
    }

    /// The radius actually drawn for `radius` on `rect` (the clamps of docs/design/rendering.md §8.3).
    /// `asCoreGraphics`: Core Animation's `render(in:)` clamps a continuous radius to half the
    /// shorter side only, so past a third of it the corners' reaches overlap along the side and
    /// the outline doubles back on itself there.
    public static func effectiveRadius(
        _ radius: Double, in r: Rect, curve: CornerCurve, asCoreGraphics: Bool = false
    ) -> Double {
        guard radius > 0, radius.isFinite else { return 0 }
        let half = min(abs(r.width), abs(r.height)) / 2
        switch curve {
        case .circular: return min(radius, half)
        case .continuous: return min(radius, asCoreGraphics ? half : half / continuousCornerExtent)
        }
    }

    /// Whether `roundedRect(rect, radius:, curve:, asCoreGraphics:)` doubles back on itself
    /// (its corners' reaches overlap along a side), so that its fill needs
    /// `Rasterizer.coverage(ofOverlapping:)`.
    public static func overlapsItself(_ rect: Rect, radius: Double, curve: CornerCurve, asCoreGraphics: Bool)
        -> Bool
    {
        curve == .continuous && asCoreGraphics
            && 2 * continuousCornerExtent
                * effectiveRadius(radius, in: rect, curve: curve, asCoreGraphics: true)
                > min(abs(rect.width), abs(rect.height))
    }

    /// A rounded rect, clockwise on screen like `rect`; the corners `corners` leaves out stay
    /// square (the radius is clamped as if all four were rounded, as Core Animation does).
    /// `asCoreGraphics`: a circular corner as Core Graphics draws an arc, one cubic per quarter
    /// (k = 4/3 tan(π/8)), which bulges outwards by up to 0.027 % of the radius.
    public static func roundedRect(
        _ rect: Rect, radius: Double, curve: CornerCurve = .circular, corners: Corners = .all,
        asCoreGraphics: Bool = false
    ) -> Path {
        let s = rect.standardized
        guard !s.isEmpty else { return Path() }
        let r = effectiveRadius(radius, in: s, curve: curve, asCoreGraphics: asCoreGraphics)
        guard r > 0, !corners.isEmpty else { return Shapes.rect(s) }
        let circular = asCoreGraphics ? coreGraphicsCircularCorner : circularCorner
        let corner = (curve == .circular ? circular : continuousCorner).scaled(by: r)
        return outline(s) { k in corners.contains(clockwiseCorners[k]) ? corner : nil }
    }

    /// Where `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` changes shape, in radii
    /// of the side (docs/design/rendering.md §8.3): twice the continuous corner's extent.
    public static let bezierPathBreakRatio = 3.0573299

    /// The outline UIKit's `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` (and
    /// `roundedRect:cornerRadius:`) makes, clockwise on screen like `rect`. Not CALayer's corner:
    /// UIKit's path has shapes of its own by the radius (docs/design/rendering.md §8.3): below a
    /// third of both sides, iOS 7's continuous corner; past a third of both, a capsule; past a
    /// third of one side only, the corners UIKit draws there. Corners left out stay square.
    public static func bezierPathRoundedRect(_ rect: Rect, radius: Double, corners: Corners = .all) -> Path {
        let s = rect.standardized
        guard !s.isEmpty else { return Path() }
        guard radius > 0, radius.isFinite, !corners.isEmpty else { return Shapes.rect(s) }
        let half = min(s.width, s.height) / 2
        let limited = min(radius, half / continuousCornerExtent)
        let wide = s.width > bezierPathBreakRatio * radius
        let tall = s.height > bezierPathBreakRatio * radius
        // Fewer corners take the shape all four would have, the others square: iOS 14's
        // capsule corners on a subset are its own (docs/design/rendering.md §8.3).
        func kept(_ k: Int, _ shape: CornerShape) -> CornerShape? {
            corners.contains(clockwiseCorners[k]) ? shape : nil
        }
        guard !(wide && tall) else {
            let corner = continuousCorner.scaled(by: limited)
            return outline(s) { k in kept(k, corner) }
        }
        guard wide || tall else {
            let corner = capsuleCorner.scaled(by: limited)
            return outline(s) { k in kept(k, corner) }
        }
        // Corners 0 and 2 are reached along the top and bottom; a long side leads in.
        let entry = bezierPathEntryCorner(radius: radius, limited: limited)
        let exit = bezierPathExitCorner.scaled(by: limited)
        return outline(s) { k in kept(k, (k % 2 == 0) == wide ? entry : exit) }
    }

    /// The corners clockwise from the top right, as `outline` visits them.
    static let clockwiseCorners: [Corners] = [.maxXMinY, .maxXMaxY, .minXMaxY, .minXMinY]

    /// The rect's outline clockwise from its top right corner, each corner `corner(k)` (nil:
    /// square) in its own frame: x back along the edge it is reached by, y on along the next.
    static func outline(_ s: Rect, corner: (Int) -> CornerShape?) -> Path {
        let points = [
            SIMD2(s.maxX, s.minY), SIMD2(s.maxX, s.maxY), SIMD2(s.minX, s.maxY), SIMD2(s.minX, s.minY),
        ]
        let directions = [SIMD2(1.0, 0), SIMD2(0, 1.0), SIMD2(-1.0, 0), SIMD2(0, -1.0)]
        var path = Path()
        for k in 0..<4 {
            let c = points[k]
            guard let shape = corner(k) else {
                if k == 0 { path.move(to: c) } else { path.line(to: c) }
                continue
            }
            let din = directions[k]
            let n = SIMD2(-din.y, din.x)
            func place(_ q: SIMD2<Double>) -> SIMD2<Double> { c - q.x * din + q.y * n }
            if k == 0 { path.move(to: place(shape.start)) } else { path.line(to: place(shape.start)) }
            for piece in shape.pieces {
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
        _ rect: Rect, width: Double, radius: Double, curve: CornerCurve = .circular, corners: Corners = .all,
        asCoreGraphics: Bool = false
    ) -> Path {
        let s = rect.standardized
        guard width > 0, width.isFinite else { return Path() }
        var path = roundedRect(
            s, radius: radius, curve: curve, corners: corners, asCoreGraphics: asCoreGraphics)
        let inner = s.insetBy(dx: width, dy: width)
        guard !path.isEmpty, inner.width > 0, inner.height > 0 else { return path }
        // docs/design/rendering.md §8.2's rule takes the requested radius: clamp it on the outer rect first.
        let outerRadius = effectiveRadius(radius, in: s, curve: curve, asCoreGraphics: asCoreGraphics)
        path.append(
            roundedRect(
                inner, radius: max(outerRadius - width, 0), curve: curve, corners: corners,
                asCoreGraphics: asCoreGraphics
            ).reversed()
        )
        return path
    }

    enum Piece {
        case line(SIMD2<Double>)
        case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)

        func scaled(by r: Double) -> Piece {
            switch self {
            case .line(let p): .line(p * r)
            case .cubic(let c1, let c2, let p): .cubic(c1 * r, c2 * r, p * r)
            }
        }
    }

    /// One corner's outline in its own frame (see `outline`), from `start`.
    struct CornerShape {
        var start: SIMD2<Double>
        var pieces: [Piece]

        func scaled(by r: Double) -> CornerShape {
            CornerShape(start: start * r, pieces: pieces.map { $0.scaled(by: r) })
        }
    }

    /// A quarter circle from (1, 0) to (0, 1) about (1, 1) as two 45° cubics (radial error
    /// 4e-6 r, below a hundredth of a pixel up to r = 2500).
    static let circularCorner: CornerShape = {
        func p(_ phi: Double) -> SIMD2<Double> { SIMD2(1 - sin(phi), 1 - cos(phi)) }
        func d(_ phi: Double) -> SIMD2<Double> { SIMD2(-cos(phi), sin(phi)) }
        let h = Double.pi / 4
        let k = 4.0 / 3.0 * tan(h / 4)
        let pieces: [Piece] = [
            .cubic(p(0) + k * d(0), p(h) - k * d(h), p(h)),
            .cubic(p(h) + k * d(h), p(2 * h) - k * d(2 * h), SIMD2(0, 1)),
        ]
        return CornerShape(start: SIMD2(1, 0), pieces: pieces)
    }()

    /// A quarter circle as Core Graphics draws it: one cubic.
    static let coreGraphicsCircularCorner: CornerShape = {
        let k = 4.0 / 3.0 * tan(Double.pi / 8)
        return CornerShape(
            start: SIMD2(1, 0), pieces: [.cubic(SIMD2(1 - k, 0), SIMD2(0, 1 - k), SIMD2(0, 1))])
    }()

    /// Core Animation's continuous corner, which UIKit's rounded-rect path also takes below a
    /// third of both sides: three cubics from 1.528665 r along the edge, no straight pieces
    /// (docs/design/rendering.md §8.3).
    static let continuousCorner = CornerShape(
        start: SIMD2(1.528665, 0),
        pieces: [
            .cubic(SIMD2(1.0884929576, 0), SIMD2(0.8684069441, 0), SIMD2(0.6314937928, 0.0749113878)),
            .cubic(
                SIMD2(0.3728238266, 0.1690595560), SIMD2(0.1690595560, 0.3728238266),
                SIMD2(0.0749113878, 0.6314937928)),
            .cubic(SIMD2(0, 0.8684069441), SIMD2(0, 1.0884929576), SIMD2(0, 1.528665)),
        ])

    // UIKit's own paths, read off the elements `UIBezierPath(roundedRect:cornerRadius:)` gives
    // on iOS 14 to 17 (docs/design/rendering.md §8.3), in radii.

    /// Past a third of both sides: a capsule's quarter circle of half the shorter side (one
    /// cubic, 1.52866483 limited radii long).
    static let capsuleCorner = CornerShape(
        start: SIMD2(1.52866483, 0),
        pieces: [.cubic(SIMD2(0.6844065568, 0), SIMD2(0, 0.6844065568), SIMD2(0, 1.52866483))])

    /// Past a third of the short side only, a corner reached along a long side: the edge runs
    /// on to 1.528665 times the radius asked for, the curve is in limited radii.
    static func bezierPathEntryCorner(radius: Double, limited: Double) -> CornerShape {
        CornerShape(
            start: SIMD2(1.528665 * radius, 0),
            pieces: [Piece]([
                .cubic(SIMD2(1.6352782072, 0), SIMD2(1.2988404587, 0), SIMD2(0.9366796566, 0.1145144040)),
                .cubic(SIMD2(0.3743055124, 0.3192018530), SIMD2(0, 0.8537655244), SIMD2(0, 1.4522315885)),
            ]).map { $0.scaled(by: limited) })
    }

    /// The same case, a corner reached along a short side: the mirror of the entry's curve,
    /// ending 2.3081537 limited radii along the long side.
    static let bezierPathExitCorner = CornerShape(
        start: SIMD2(1.4522315885, 0),
        pieces: [
            .cubic(
                SIMD2(0.8537655244, 0), SIMD2(0.3192018530, 0.3743055124), SIMD2(0.1145144040, 0.9366796566)),
            .cubic(SIMD2(0, 1.2988404587), SIMD2(0, 1.6352782072), SIMD2(0, 2.3081537041)),
        ])
}
