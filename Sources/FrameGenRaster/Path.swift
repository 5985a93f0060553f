import FrameGenGeometry

/// Closed contours of lines and cubic Béziers in device pixels (or local points before
/// `transformed(by:)`). Every contour is closed implicitly by a line back to its start, as
/// fills need. Orientation matters only to the non-zero rule; `reversed()` flips it.
public struct Path: Sendable, Hashable {
    public enum Segment: Sendable, Hashable {
        case line(to: SIMD2<Double>)
        case cubic(to: SIMD2<Double>, control1: SIMD2<Double>, control2: SIMD2<Double>)

        public var end: SIMD2<Double> {
            switch self {
            case .line(let p): p
            case .cubic(let p, _, _): p
            }
        }
    }

    public struct Contour: Sendable, Hashable {
        public var start: SIMD2<Double>
        public var segments: [Segment]
    }

    /// Maximum distance, in device pixels, between a curve and the polyline that replaces it. A
    /// chord inside a curve takes up to its distance times 255 levels off a pixel's coverage where
    /// the curve runs nearly along a row (a corner leaving its edge): 0.01 keeps that within 3,
    /// under the 8 levels a corner's profile may differ from iOS's (docs/parity.md).
    public static let flatteningTolerance = 0.01

    public private(set) var contours: [Contour] = []

    public init() {}

    /// One closed polygon.
    public init(polygon points: [SIMD2<Double>]) {
        addPolygon(points)
    }

    public var isEmpty: Bool { contours.isEmpty }

    public mutating func move(to p: SIMD2<Double>) {
        contours.append(Contour(start: p, segments: []))
    }

    public mutating func line(to p: SIMD2<Double>) {
        if contours.isEmpty {
            move(to: p)
        } else {
            contours[contours.count - 1].segments.append(.line(to: p))
        }
    }

    public mutating func cubic(to p: SIMD2<Double>, control1 c1: SIMD2<Double>, control2 c2: SIMD2<Double>) {
        if contours.isEmpty {
            move(to: p)
            return
        }
        contours[contours.count - 1].segments.append(.cubic(to: p, control1: c1, control2: c2))
    }

    public mutating func addPolygon(_ points: [SIMD2<Double>]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { line(to: p) }
    }

    public mutating func append(_ other: Path) {
        contours.append(contentsOf: other.contours)
    }

    /// The same contours traversed the other way (for holes under the non-zero rule).
    public func reversed() -> Path {
        var out = Path()
        for c in contours {
            out.move(to: c.start)
            var ends = [c.start]
            for s in c.segments { ends.append(s.end) }
            if ends[ends.count - 1] != c.start { out.line(to: ends[ends.count - 1]) }
            for k in stride(from: c.segments.count - 1, through: 0, by: -1) {
                switch c.segments[k] {
                case .line: out.line(to: ends[k])
                case .cubic(_, let c1, let c2): out.cubic(to: ends[k], control1: c2, control2: c1)
                }
            }
        }
        return out
    }

    /// One step of a path as Core Graphics describes it (CGPathElement).
    public enum Element: Sendable, Hashable {
        case move(SIMD2<Double>)
        case line(SIMD2<Double>)
        case quadCurve(SIMD2<Double>, control: SIMD2<Double>)
        case curve(SIMD2<Double>, control1: SIMD2<Double>, control2: SIMD2<Double>)
        case close
    }

    /// Core Graphics' steps as closed contours: a drawing step after a `close` (or before any
    /// `move`) begins a new subpath at the current point, and a quadratic becomes the cubic that
    /// traces it exactly.
    public init(elements: some Sequence<Element>) {
        var start = SIMD2<Double>(0, 0)
        var current = start
        var open = false
        func begin() {
            if !open {
                move(to: current)
                (start, open) = (current, true)
            }
        }
        for e in elements {
            switch e {
            case .move(let p):
                move(to: p)
                (start, current, open) = (p, p, true)
            case .line(let p):
                begin()
                line(to: p)
                current = p
            case .quadCurve(let p, let c):
                begin()
                cubic(to: p, control1: current + (c - current) * (2.0 / 3), control2: p + (c - p) * (2.0 / 3))
                current = p
            case .curve(let p, let c1, let c2):
                begin()
                cubic(to: p, control1: c1, control2: c2)
                current = p
            case .close:
                (current, open) = (start, false)
            }
        }
    }

    /// Whether the area the contours enclose holds `point`, under the non-zero rule or the
    /// even-odd one, curves followed within `tolerance` (hit testing, not drawing).
    public func contains(_ point: SIMD2<Double>, evenOdd: Bool, tolerance: Double = Path.flatteningTolerance)
        -> Bool
    {
        var winding = 0
        for polygon in flattened(tolerance: tolerance) {
            for (k, a) in polygon.enumerated() {
                let b = polygon[(k + 1) % polygon.count]
                // A crossing of the horizontal line through `point`, right of it (the half-open
                // rule counts a vertex once).
                guard (a.y <= point.y) != (b.y <= point.y) else { continue }
                let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > point.x { winding += b.y > a.y ? 1 : -1 }
            }
        }
        return evenOdd ? winding % 2 != 0 : winding != 0
    }

    /// The bounding box of all points and control points (which contains the curves), nil when
    /// empty.
    public var controlBounds: (min: SIMD2<Double>, max: SIMD2<Double>)? {
        guard let first = contours.first?.start else { return nil }
        var lo = first
        var hi = first
        for c in contours {
            lo = pointwiseMin(lo, c.start)
            hi = pointwiseMax(hi, c.start)
            for s in c.segments {
                switch s {
                case .line(let p):
                    lo = pointwiseMin(lo, p)
                    hi = pointwiseMax(hi, p)
                case .cubic(let p, let c1, let c2):
                    lo = pointwiseMin(pointwiseMin(lo, p), pointwiseMin(c1, c2))
                    hi = pointwiseMax(pointwiseMax(hi, p), pointwiseMax(c1, c2))
                }
            }
        }
        return (lo, hi)
    }

    /// Each contour as a polygon (closing edge implicit), curves replaced by chords that stay
    /// within `tolerance` of them.
    public func flattened(tolerance: Double = Path.flatteningTolerance) -> [[SIMD2<Double>]] {
        contours.map { c in
            var pts = [c.start]
            var cur = c.start
            for s in c.segments {
                switch s {
                case .line(let p): pts.append(p)
                case .cubic(let p, let c1, let c2):
                    let n = Path.subdivisions(cur, c1, c2, p, tolerance: tolerance)
                    for k in 1...n {
                        pts.append(Path.cubicPoint(cur, c1, c2, p, Double(k) / Double(n)))
                    }
                }
                cur = s.end
            }
            return pts
        }
    }

    /// The path (in device pixels) with each cubic cut into chords as Core Graphics cuts it:
    /// halved at t = 1/2 while a piece's control polygon bends by more than 1/15 pixel along x
    /// or along y (its second differences), which fits iOS's `render(in:)` corners from 10 to
    /// 300 pixels within 2 levels (docs/design/rendering.md §8.3). Small radii get few chords,
    /// which cover the arc's shallowest pixels less than the circle does.
    public func flattenedAsCoreGraphics() -> Path { chords { $0 } }

    /// The path (in local points) with each cubic cut into chords as Core Graphics cuts its image
    /// in device pixels through `map` (`flattenedAsCoreGraphics`), the chords in local points: the
    /// line Core Graphics strokes. A map that is not affine is judged by its control points'
    /// images.
    public func chordsAsCoreGraphics(deviceMap map: Homography) -> Path { chords(map.map) }

    private func chords(_ device: (SIMD2<Double>) -> SIMD2<Double>) -> Path {
        var out = Path()
        for c in contours {
            out.move(to: c.start)
            var cur = c.start
            for s in c.segments {
                switch s {
                case .line(let p): out.line(to: p)
                case .cubic(let p, let c1, let c2):
                    Path.cutAsCoreGraphics(
                        (cur, c1, c2, p), device: (device(cur), device(c1), device(c2), device(p))
                    ) { out.line(to: $0) }
                }
                cur = s.end
            }
        }
        return out
    }

    /// The bend (pixels) below which Core Graphics stops halving a cubic, and the most halvings.
    static let coreGraphicsBend = 1.0 / 15
    static let coreGraphicsHalvings = 16

    /// At most how many chords `flattenedAsCoreGraphics` cuts this path (device pixels) into,
    /// from each cubic's bend before cutting (a halving divides it by 4), found without cutting:
    /// what a caller bounds its work by before flattening a path it was given.
    public func coreGraphicsChordCount() -> Int {
        var count = 0
        for contour in contours {
            var current = contour.start
            for segment in contour.segments {
                count += 1
                if case .cubic(let p, let c1, let c2) = segment {
                    let a = current - 2 * c1 + c2
                    let b = c1 - 2 * c2 + p
                    var bend = max(abs(a.x), abs(a.y), abs(b.x), abs(b.y))
                    var halvings = 0
                    while bend > Path.coreGraphicsBend, halvings < Path.coreGraphicsHalvings {
                        bend /= 4
                        halvings += 1
                    }
                    count += (1 << halvings) - 1
                }
                current = segment.end
            }
        }
        return count
    }

    /// Halves the cubic `local` at t = 1/2 while its image `device` bends by more than 1/15
    /// pixel along x or along y (its control polygon's second differences), calling `emit` with
    /// each chord's end in `local`'s coordinates (de Casteljau's halves are the same in both).
    static func cutAsCoreGraphics(
        _ local: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>),
        device: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>), depth: Int = 0,
        _ emit: (SIMD2<Double>) -> Void
    ) {
        let a = device.0 - 2 * device.1 + device.2
        let b = device.1 - 2 * device.2 + device.3
        let bend = max(abs(a.x), abs(a.y), abs(b.x), abs(b.y))
        guard depth < coreGraphicsHalvings, bend > coreGraphicsBend else { return emit(local.3) }
        func halves(_ q: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)) -> (
            (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>),
            (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
        ) {
            let p01 = (q.0 + q.1) / 2
            let p12 = (q.1 + q.2) / 2
            let p23 = (q.2 + q.3) / 2
            let p012 = (p01 + p12) / 2
            let p123 = (p12 + p23) / 2
            let mid = (p012 + p123) / 2
            return ((q.0, p01, p012, mid), (mid, p123, p23, q.3))
        }
        let (l0, l1) = halves(local)
        let (d0, d1) = halves(device)
        cutAsCoreGraphics(l0, device: d0, depth: depth + 1, emit)
        cutAsCoreGraphics(l1, device: d1, depth: depth + 1, emit)
    }

    /// The path mapped through `h`. Affine maps keep curves exact (a cubic's image is the cubic
    /// of its mapped control points). Perspective maps do not, so curves are flattened with
    /// points taken on the true curve and placed by `h`, and every contour is clipped in
    /// homogeneous space against W = `nearW` before the divide (docs/design/rendering.md §5), so a path
    /// that reaches behind the eye keeps only its visible part. Non-finite input gives an empty
    /// path.
    public func transformed(
        by h: Homography, tolerance: Double = Path.flatteningTolerance, nearW: Double = 1e-5
    ) -> Path {
        guard h.isFinite else { return Path() }
        var out = Path()
        if h.isAffine && h.m33 > 0 {
            for c in contours {
                out.move(to: h.map(c.start))
                for s in c.segments {
                    switch s {
                    case .line(let p): out.line(to: h.map(p))
                    case .cubic(let p, let c1, let c2):
                        out.cubic(to: h.map(p), control1: h.map(c1), control2: h.map(c2))
                    }
                }
            }
            return out.allFinite ? out : Path()
        }
        for c in contours {
            var hom: [SIMD3<Double>] = [h.mapHomogeneous(c.start)]
            var cur = c.start
            for s in c.segments {
                switch s {
                case .line(let p): hom.append(h.mapHomogeneous(p))
                case .cubic(let p, let c1, let c2):
                    // Chord count from the mapped control polygon where it is in front of the
                    // eye; a curve crossing the near plane gets the cap.
                    let q = [cur, c1, c2, p].map { h.mapHomogeneous($0) }
                    let n =
                        q.allSatisfy({ $0.z > nearW })
                        ? Path.subdivisions(
                            SIMD2(q[0].x, q[0].y) / q[0].z, SIMD2(q[1].x, q[1].y) / q[1].z,
                            SIMD2(q[2].x, q[2].y) / q[2].z, SIMD2(q[3].x, q[3].y) / q[3].z,
                            tolerance: tolerance)
                        : Path.maxSubdivisions
                    for k in 1...n {
                        hom.append(h.mapHomogeneous(Path.cubicPoint(cur, c1, c2, p, Double(k) / Double(n))))
                    }
                }
                cur = s.end
            }
            let clipped = Path.clipNear(hom, nearW: nearW)
            guard clipped.count >= 3 else { continue }
            out.addPolygon(clipped.map { SIMD2($0.x, $0.y) / $0.z })
        }
        return out.allFinite ? out : Path()
    }

    var allFinite: Bool {
        func ok(_ p: SIMD2<Double>) -> Bool { p.x.isFinite && p.y.isFinite }
        for c in contours {
            guard ok(c.start) else { return false }
            for s in c.segments {
                switch s {
                case .line(let p): guard ok(p) else { return false }
                case .cubic(let p, let c1, let c2): guard ok(p), ok(c1), ok(c2) else { return false }
                }
            }
        }
        return true
    }

    static let maxSubdivisions = 256

    /// Chords needed so that a uniform split of the cubic stays within `tolerance`: a piece of
    /// parameter length 1/n deviates from its chord by at most |B''|max / (8 n²), and
    /// |B''| <= 6 · max(|p0 - 2c1 + c2|, |c1 - 2c2 + p3|).
    static func subdivisions(
        _ p0: SIMD2<Double>, _ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ p3: SIMD2<Double>,
        tolerance: Double
    ) -> Int {
        let a = p0 - 2 * c1 + c2
        let b = c1 - 2 * c2 + p3
        let m = max((a * a).sum(), (b * b).sum()).squareRoot()
        let n = (0.75 * m / max(tolerance, 1e-6)).squareRoot().rounded(.up)
        guard n.isFinite else { return maxSubdivisions }
        return n.clampedInt(in: 1...maxSubdivisions, nan: maxSubdivisions)
    }

    @inline(__always) static func cubicPoint(
        _ p0: SIMD2<Double>, _ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ p3: SIMD2<Double>, _ t: Double
    ) -> SIMD2<Double> {
        if t == 1 { return p3 }
        let u = 1 - t
        return (u * u * u) * p0 + (3 * u * u * t) * c1 + (3 * u * t * t) * c2 + (t * t * t) * p3
    }

    /// Sutherland–Hodgman against the half-space W >= nearW of a closed polygon; crossing
    /// points interpolate X, Y and W linearly (they are linear along a projected edge).
    static func clipNear(_ pts: [SIMD3<Double>], nearW: Double) -> [SIMD3<Double>] {
        if pts.allSatisfy({ $0.z >= nearW }) { return pts }
        var out: [SIMD3<Double>] = []
        out.reserveCapacity(pts.count + 2)
        for i in pts.indices {
            let a = pts[i]
            let b = pts[(i + 1) % pts.count]
            let aIn = a.z >= nearW
            let bIn = b.z >= nearW
            if aIn { out.append(a) }
            if aIn != bIn {
                let t = (nearW - a.z) / (b.z - a.z)
                var p = a + (b - a) * t
                p.z = nearW
                out.append(p)
            }
        }
        return out
    }
}
