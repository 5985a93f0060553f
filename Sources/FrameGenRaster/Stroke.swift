import Foundation
import FrameGenGeometry

/// How a path is stroked, as Core Graphics and CAShapeLayer describe it
/// (docs/design/rendering.md §8.8): Apple's defaults.
public struct StrokeStyle: Sendable, Hashable {
    /// CGLineCap.
    public enum LineCap: Sendable, Hashable { case butt, round, square }
    /// CGLineJoin.
    public enum LineJoin: Sendable, Hashable { case miter, round, bevel }

    public var lineWidth = 1.0
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    /// The longest miter, in line widths (1 / sin(θ / 2) for segments meeting at θ), beyond
    /// which a miter join is drawn as a bevel.
    public var miterLimit = 10.0
    /// Lengths painted and skipped in turn from each subpath's start; empty: a solid line.
    public var dashPattern: [Double] = []
    /// How far into the pattern each subpath starts.
    public var dashPhase = 0.0
    /// The part of the whole path stroked, as fractions of its length (CAShapeLayer's
    /// `strokeStart` and `strokeEnd`).
    public var strokeStart = 0.0
    public var strokeEnd = 1.0

    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        dashPattern: [Double] = [], dashPhase: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1
    ) {
        (self.lineWidth, self.lineCap, self.lineJoin, self.miterLimit) = (
            lineWidth, lineCap, lineJoin, miterLimit
        )
        (self.dashPattern, self.dashPhase) = (dashPattern, dashPhase)
        (self.strokeStart, self.strokeEnd) = (strokeStart, strokeEnd)
    }
}

/// A stroke as the area it paints: every subpath is flattened within a tolerance, dashed and
/// trimmed, and each piece outlined as contours whose non-zero fill is the union of its
/// segments' rectangles, its joins and its caps (docs/design/rendering.md §8.8).
public enum Stroker {
    /// One subpath flattened: `smooth[k]` says the point lies inside a curve, where the
    /// outline turns round whatever the line join (an offset curve has no corners).
    struct Polyline {
        var points: [SIMD2<Double>] = []
        var smooth: [Bool] = []
        var closed = false
        /// A subpath of no length: its direction, for square caps. Also the tangent at the end.
        var direction = SIMD2<Double>(1, 0)
        /// The tangent at the start (its first step's direction; a curve's first control point).
        var startDirection: SIMD2<Double>?
        /// The caps lie across the ends' tangents, not across the first and last chords: set
        /// where curves were cut into chords as Core Graphics cuts them, whose end chords turn
        /// from the curve by half a chord's angle (two butt ends meeting on a curve would
        /// leave a wedge between them otherwise).
        var capsAcrossTangents = false
        /// In the path's units (points): far below any pixel, far above rounding.
        static let sameTolerance = 1e-9

        /// A step shorter than `sameTolerance` along both axes adds no point: an app's path
        /// often repeats a point up to rounding (an arc's end from its angle beside the point it
        /// was aimed at), and such a step has no direction to join by.
        mutating func add(_ p: SIMD2<Double>, smooth s: Bool) {
            if let last = points.last, abs(last.x - p.x) <= Self.sameTolerance,
                abs(last.y - p.y) <= Self.sameTolerance
            {
                return
            }
            points.append(p)
            smooth.append(s)
        }
    }

    /// The outline of `elements` stroked with `style`, curves and round parts within
    /// `tolerance` (in the elements' units), to fill under the non-zero rule. Empty for a line
    /// width that is not positive, non-finite points, or strokeEnd <= strokeStart.
    /// `coreGraphicsChordsThrough`: cut curves into chords as Core Graphics cuts their images
    /// in device pixels through that map (`Path.flattenedAsCoreGraphics`), the line `render(in:)`
    /// and a view's `draw(_:)` stroke, each chord's end a corner of the line (joined as
    /// `style` says); a butt or square cap still lies across the curve's own tangent, so two
    /// subpaths that meet end to end along a curve close up as on iOS
    /// (docs/design/rendering.md §8.8).
    public static func outline(
        of elements: [Path.Element], style: StrokeStyle, tolerance: Double = Path.flatteningTolerance,
        coreGraphicsChordsThrough deviceMap: Homography? = nil
    ) -> Path {
        let half = style.lineWidth / 2
        guard half > 0, half.isFinite else { return Path() }
        let tol = max(tolerance, 1e-6)
        // Curves to a quarter of the tolerance: the sides are the centre line's chords moved
        // out, and their area errors add along the whole length.
        var lines = polylines(elements, tolerance: tol / 4, coreGraphicsChordsThrough: deviceMap)
        guard !lines.isEmpty else { return Path() }
        for l in lines {
            for p in l.points where !(p.x.isFinite && p.y.isFinite) { return Path() }
        }
        lines = dashedAndTrimmed(lines, style: style)
        var out = Path()
        for l in lines { outline(l, half: half, style: style, tolerance: tol, into: &out) }
        return out
    }

    /// Core Graphics' subpaths: a `move` begins one, `close` ends one closed (drawing after it
    /// starts at the subpath's start), a subpath of a lone `move` draws nothing.
    static func polylines(
        _ elements: [Path.Element], tolerance: Double, coreGraphicsChordsThrough deviceMap: Homography? = nil
    ) -> [Polyline] {
        var out: [Polyline] = []
        var current = Polyline()
        var drawn = false
        var start = SIMD2<Double>(0, 0)
        var cursor = start
        func finish(closed: Bool) {
            if drawn {
                current.closed = closed && current.points.count > 2
                if closed, current.points.count > 1, current.points.last == current.points.first {
                    current.points.removeLast()
                    current.smooth.removeLast()
                    current.closed = current.points.count > 2
                }
                out.append(current)
            }
            current = Polyline()
            drawn = false
        }
        func begin() {
            if current.points.isEmpty { current.add(cursor, smooth: false) }
        }
        func started(_ d: SIMD2<Double>) {
            if current.startDirection == nil, current.points.count == 1, d != .zero {
                current.startDirection = d
            }
        }
        func curve(_ p0: SIMD2<Double>, _ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ p3: SIMD2<Double>) {
            started(c1 != p0 ? c1 - p0 : (c2 != p0 ? c2 - p0 : p3 - p0))
            if let map = deviceMap {
                // Core Graphics strokes the polygon of its chords: their ends are corners.
                current.capsAcrossTangents = true
                Path.cutAsCoreGraphics(
                    (p0, c1, c2, p3), device: (map.map(p0), map.map(c1), map.map(c2), map.map(p3))
                ) { current.add($0, smooth: false) }
            } else {
                let n = Path.subdivisions(p0, c1, c2, p3, tolerance: tolerance)
                for k in 1...n {
                    current.add(Path.cubicPoint(p0, c1, c2, p3, Double(k) / Double(n)), smooth: k < n)
                }
            }
            let d = p3 != c2 ? p3 - c2 : (p3 != c1 ? p3 - c1 : p3 - p0)
            if d != .zero { current.direction = d }
            (cursor, drawn) = (p3, true)
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish(closed: false)
                (start, cursor) = (p, p)
                current.add(p, smooth: false)
            case .line(let p):
                begin()
                // A step of rounding (`Polyline.sameTolerance`) adds no point and no direction.
                let d = p - cursor
                if abs(d.x) > Polyline.sameTolerance || abs(d.y) > Polyline.sameTolerance {
                    started(d)
                    current.direction = d
                }
                current.add(p, smooth: false)
                (cursor, drawn) = (p, true)
            case .quadCurve(let p, let c):
                begin()
                curve(cursor, cursor + (c - cursor) * (2.0 / 3), p + (c - p) * (2.0 / 3), p)
            case .curve(let p, let c1, let c2):
                begin()
                curve(cursor, c1, c2, p)
            case .close:
                if !current.points.isEmpty { drawn = true }
                finish(closed: true)
                cursor = start
            }
        }
        finish(closed: false)
        return out
    }

    /// The most dashes one subpath draws (a pattern far shorter than the path would otherwise
    /// make millions of pieces); past it the rest of the subpath is left out.
    static let maxDashes = 10_000

    /// The pieces stroked: each subpath cut into the pattern's painted lengths, then kept
    /// between strokeStart and strokeEnd of the whole path's length (the dashes stay where
    /// they are as the ends move, as Core Animation draws them).
    static func dashedAndTrimmed(_ lines: [Polyline], style: StrokeStyle) -> [Polyline] {
        var pattern = style.dashPattern
        let total = pattern.reduce(0, +)
        if pattern.contains(where: { !($0 >= 0) }) || !(total > 0) || !total.isFinite {
            pattern = []
        } else if pattern.count % 2 == 1 {
            pattern += pattern
        }
        let startFraction = style.strokeStart.isFinite ? min(max(style.strokeStart, 0), 1) : 0
        let endFraction = style.strokeEnd.isFinite ? min(max(style.strokeEnd, 0), 1) : 1
        guard endFraction > startFraction else { return [] }
        let trimmed = startFraction > 0 || endFraction < 1
        if pattern.isEmpty && !trimmed { return lines }
        let lengths = lines.map(arcLengths)
        let whole = lengths.reduce(0) { $0 + ($1.last ?? 0) }
        let (lo, hi) = (startFraction * whole, endFraction * whole)
        var out: [Polyline] = []
        var offset = 0.0
        for (line, cum) in zip(lines, lengths) {
            let length = cum.last ?? 0
            defer { offset += length }
            var painted: [(Double, Double)] = []
            if pattern.isEmpty {
                painted = [(0, length)]
            } else {
                let period = pattern.reduce(0, +)
                var phase =
                    style.dashPhase.isFinite ? style.dashPhase.truncatingRemainder(dividingBy: period) : 0
                if phase < 0 { phase += period }
                var index = 0
                while phase >= pattern[index] && phase > 0 {
                    phase -= pattern[index]
                    index = (index + 1) % pattern.count
                }
                var at = -phase
                while at <= length, painted.count < maxDashes {
                    let end = at + pattern[index]
                    if index % 2 == 0, end >= 0 { painted.append((max(at, 0), min(end, length))) }
                    at = end
                    index = (index + 1) % pattern.count
                }
            }
            for (a, b) in painted {
                let (s0, s1) = (max(a, lo - offset), min(b, hi - offset))
                guard s1 >= s0 else { continue }
                if line.closed, s0 <= 0, s1 >= length, pattern.isEmpty {
                    out.append(line)
                } else {
                    out.append(piece(of: line, cum, from: s0, to: s1))
                }
            }
        }
        return out
    }

    /// Distance along the polyline at each point (a closed one ends back at its first point).
    static func arcLengths(_ line: Polyline) -> [Double] {
        var cum = [0.0]
        let pts = line.closed ? line.points + [line.points[0]] : line.points
        for k in pts.indices.dropFirst() {
            let d = pts[k] - pts[k - 1]
            cum.append(cum[k - 1] + (d * d).sum().squareRoot())
        }
        return cum
    }

    /// The open polyline from arc length `s0` to `s1`.
    static func piece(of line: Polyline, _ cum: [Double], from s0: Double, to s1: Double) -> Polyline {
        let pts = line.closed ? line.points + [line.points[0]] : line.points
        let smooth = line.closed ? line.smooth + [line.smooth[0]] : line.smooth
        var out = Polyline()
        guard pts.count > 1 else {
            out.points = pts
            out.smooth = smooth
            out.direction = line.direction
            return out
        }
        func at(_ s: Double) -> (SIMD2<Double>, Int) {
            var k = 1
            while k < cum.count - 1, cum[k] < s { k += 1 }
            let span = cum[k] - cum[k - 1]
            let f = span > 0 ? min(max((s - cum[k - 1]) / span, 0), 1) : 0
            return (pts[k - 1] + (pts[k] - pts[k - 1]) * f, k)
        }
        let (a, ka) = at(s0)
        let (b, kb) = at(s1)
        out.add(a, smooth: false)
        if ka < kb {
            for k in ka..<kb where cum[k] > s0 && cum[k] < s1 { out.add(pts[k], smooth: smooth[k]) }
        }
        out.add(b, smooth: false)
        out.direction = pts[kb] - pts[kb - 1]
        return out
    }

    /// Appends the contours of one piece: an open one is one contour (one side forward, the
    /// end cap, the other side back, the start cap), a closed one two (each side as a loop).
    static func outline(
        _ line: Polyline, half h: Double, style: StrokeStyle, tolerance: Double, into out: inout Path
    ) {
        let pts = line.points
        if pts.count == 1 {
            // A subpath of no length: a dot with round caps, a square with square caps.
            let p = pts[0]
            var d = line.direction
            let len = (d * d).sum().squareRoot()
            d = len > 0 ? d / len : SIMD2(1, 0)
            let n = SIMD2(-d.y, d.x)
            switch style.lineCap {
            case .butt: return
            case .round:
                var ring: [SIMD2<Double>] = []
                arc(around: p, radius: h, from: n, turning: 2 * .pi, tolerance: tolerance, into: &ring)
                out.addPolygon(ring)
            case .square:
                out.addPolygon([p + (n + d) * h, p + (d - n) * h, p - (n + d) * h, p + (n - d) * h])
            }
            return
        }
        if line.closed {
            var forward: [SIMD2<Double>] = []
            side(
                pts, smooth: line.smooth, closed: true, half: h, style: style, tolerance: tolerance,
                into: &forward)
            var back: [SIMD2<Double>] = []
            side(
                pts.reversed(), smooth: line.smooth.reversed(), closed: true, half: h, style: style,
                tolerance: tolerance, into: &back)
            out.addPolygon(forward)
            out.addPolygon(back)
            return
        }
        // The directions across which the caps lie: the last and first chords', or the curve's
        // own tangents at its ends.
        let tangents = line.capsAcrossTangents
        let end = tangents ? unit(line.direction) : unit(pts[pts.count - 1] - pts[pts.count - 2])
        let start = tangents ? unit(line.startDirection ?? pts[1] - pts[0]) : unit(pts[1] - pts[0])
        var ring: [SIMD2<Double>] = []
        side(
            pts, smooth: line.smooth, closed: false, half: h, style: style, tolerance: tolerance,
            ends: (start, end), into: &ring)
        cap(at: pts[pts.count - 1], direction: end, half: h, style: style, tolerance: tolerance, into: &ring)
        let back = Array(pts.reversed())
        side(
            back, smooth: line.smooth.reversed(), closed: false, half: h, style: style, tolerance: tolerance,
            ends: (-end, -start), into: &ring)
        cap(
            at: back[back.count - 1], direction: -start, half: h, style: style, tolerance: tolerance,
            into: &ring)
        out.addPolygon(ring)
    }

    /// A closed polygon stroked as Core Graphics strokes a path it has already cut into chords:
    /// the union of one rectangle per segment and, at each vertex, a join on the side it turns
    /// away from (a miter within `miterLimit`, else a bevel), every piece wound the same way so
    /// that the non-zero fill of the overlapping pieces is their union
    /// (`Rasterizer.coverage(ofOverlapping:)`). Unlike `outline`'s two offset loops, a polygon
    /// that doubles back on itself (a rounded rect whose corners overlap along a side shorter than
    /// their reach) gets nothing at the reversal, as iOS's `render(in:)` draws it
    /// (docs/design/rendering.md §8.2).
    public static func segmentUnion(ofClosed points: [SIMD2<Double>], width: Double, miterLimit: Double = 10)
        -> Path
    {
        let h = width / 2
        var pts: [SIMD2<Double>] = []
        for p in points where pts.last != p {
            guard p.x.isFinite, p.y.isFinite else { return Path() }
            pts.append(p)
        }
        if pts.count > 1, pts.first == pts.last { pts.removeLast() }
        guard h > 0, h.isFinite, pts.count >= 2 else { return Path() }
        var out = Path()
        func add(_ polygon: [SIMD2<Double>]) {
            var area = 0.0
            for k in polygon.indices {
                let (a, b) = (polygon[k], polygon[(k + 1) % polygon.count])
                area += a.x * b.y - a.y * b.x
            }
            guard abs(area) > 1e-12 else { return }
            out.addPolygon(area > 0 ? polygon : polygon.reversed())
        }
        let n = pts.count
        func normal(_ d: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-d.y, d.x) }
        for k in 0..<n {
            let (p, q) = (pts[k], pts[(k + 1) % n])
            let m = normal(unit(q - p)) * h
            add([p + m, q + m, q - m, p - m])
        }
        for k in 0..<n {
            let p = pts[k]
            let d0 = unit(p - pts[(k - 1 + n) % n])
            let d1 = unit(pts[(k + 1) % n] - p)
            let cross = d0.x * d1.y - d0.y * d1.x
            let dot = (d0 * d1).sum()
            guard abs(cross) > 1e-12 else { continue }  // straight on, or doubling back: no join
            // The outer side is the one the path turns away from.
            let sign: Double = cross > 0 ? -1 : 1
            let (a, b) = (p + normal(d0) * (sign * h), p + normal(d1) * (sign * h))
            // 1 / sin(θ / 2) with θ the angle between the segments: sin(θ / 2) = cos(turn / 2).
            let s = ((1 + dot) / 2).squareRoot()
            if s > 0, 1 / s <= miterLimit {
                add([p, a, p + (normal(d0) + normal(d1)) * (sign * h / (1 + dot)), b])
            } else {
                add([p, a, b])
            }
        }
        return out
    }

    @inline(__always) static func unit(_ v: SIMD2<Double>) -> SIMD2<Double> {
        let l = (v * v).sum().squareRoot()
        return l > 0 ? v / l : SIMD2(1, 0)
    }

    /// The left side (normal (-dy, dx)) of the polyline, offset by `h`, with a join at every
    /// inner vertex (every vertex when closed). On the side a vertex turns away from, the join
    /// adds its wedge; on the side it turns towards, the outline cuts the corner or passes
    /// through the vertex, so the pieces' windings add and never cancel.
    /// `ends`: an open line's directions at its first and last points, across which its ends
    /// lie (nil: its first and last segments').
    static func side(
        _ pts: [SIMD2<Double>], smooth: [Bool], closed: Bool, half h: Double, style: StrokeStyle,
        tolerance: Double, ends: (SIMD2<Double>, SIMD2<Double>)? = nil, into out: inout [SIMD2<Double>]
    ) {
        let n = pts.count
        let segments = closed ? n : n - 1
        func dir(_ k: Int) -> SIMD2<Double> { unit(pts[(k + 1) % n] - pts[k]) }
        func normal(_ d: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-d.y, d.x) }
        if !closed { out.append(pts[0] + normal(ends?.0 ?? dir(0)) * h) }
        for k in (closed ? 0 : 1)..<(closed ? n : n - 1) {
            let d0 = dir((k - 1 + segments) % segments)
            let d1 = dir(k)
            let (n0, n1) = (normal(d0), normal(d1))
            let p = pts[k]
            let (a, b) = (p + n0 * h, p + n1 * h)
            let cross = d0.x * d1.y - d0.y * d1.x
            let dot = (d0 * d1).sum()
            if abs(cross) < 1e-12 && dot > 0 {
                out.append(a)
                continue
            }
            if cross > 0 {
                // The inner side: where the two offset lines cross, h · tan(turn / 2) from the
                // vertex along each segment, when that lies within both halves; otherwise
                // through the vertex. Windings would add either way, but overlapping pieces
                // along the edge would add their coverage there too.
                let back = h * cross / (1 + dot)
                let before = pts[k] - pts[(k - 1 + n) % n]
                let after = pts[(k + 1) % n] - pts[k]
                if 2 * back <= min((before * before).sum(), (after * after).sum()).squareRoot() {
                    out.append(p + (n0 + n1) * (h / (1 + dot)))
                } else {
                    out.append(a)
                    out.append(p)
                    out.append(b)
                }
                continue
            }
            let turn = abs(cross) < 1e-12 ? -Double.pi : atan2(cross, dot)
            let join: StrokeStyle.LineJoin = smooth[k] ? .round : style.lineJoin
            switch join {
            case .bevel:
                out.append(a)
                out.append(b)
            case .miter:
                out.append(a)
                // 1 / sin(θ / 2) with θ the angle between the segments: sin(θ / 2) = cos(turn / 2).
                let s = ((1 + dot) / 2).squareRoot()
                if s > 0, 1 / s <= style.miterLimit {
                    out.append(p + (n0 + n1) * (h / (1 + dot)))
                }
                out.append(b)
            case .round:
                out.append(a)
                arc(around: p, radius: h, from: n0, turning: turn, tolerance: tolerance, into: &out)
                out.append(b)
            }
        }
        if !closed { out.append(pts[n - 1] + normal(ends?.1 ?? dir(n - 2)) * h) }
    }

    /// The cap at `p`, the end of a line heading along the unit vector `d` there: from the left
    /// side's end to the right's.
    static func cap(
        at p: SIMD2<Double>, direction d: SIMD2<Double>, half h: Double, style: StrokeStyle,
        tolerance: Double,
        into out: inout [SIMD2<Double>]
    ) {
        let n = SIMD2(-d.y, d.x)
        switch style.lineCap {
        case .butt: break
        case .square:
            out.append(p + (n + d) * h)
            out.append(p + (d - n) * h)
        case .round:
            arc(around: p, radius: h, from: n, turning: -.pi, tolerance: tolerance, into: &out)
        }
    }

    /// Points strictly inside the arc of `radius` around `c` that starts in direction `from`
    /// and turns by `turning` radians, chords within `tolerance` of the circle.
    static func arc(
        around c: SIMD2<Double>, radius r: Double, from: SIMD2<Double>, turning: Double, tolerance: Double,
        into out: inout [SIMD2<Double>]
    ) {
        // A quarter of the tolerance: the chords straddle the circle, so a cap or a dot reaches
        // at most a sixtieth of a pixel past it.
        let tol = tolerance / 4
        let step = r > tol ? 2 * acos(1 - tol / r) : Double.pi / 2
        let count = (abs(turning) / step).rounded(.up).clampedInt(in: 1...1024, nan: 1)
        let full = abs(abs(turning) - 2 * .pi) < 1e-12
        let base = atan2(from.y, from.x)
        // Chords on a circle of the radius that gives them the arc's area, so that they
        // straddle it (within two thirds of `tol`) rather than cut inside it.
        let s = abs(turning) / Double(count)
        let radius = s > 1e-9 ? r * (s / sin(s)).squareRoot() : r
        for k in (full ? 0 : 1)..<count {
            let angle = base + turning * Double(k) / Double(count)
            out.append(c + SIMD2(cos(angle), sin(angle)) * radius)
        }
    }
}

extension Stroker {
    /// The tolerance in local points that keeps a stroke drawn through `h` within
    /// `Path.flatteningTolerance` of a device pixel: the tolerance over the longer image of a
    /// unit step at the origin (perspective is taken where the layer's origin lies).
    public static func tolerance(localToDevice h: Homography) -> Double {
        let w = abs(h.m33)
        guard w > 0, h.isFinite else { return Path.flatteningTolerance }
        let sx = (h.m11 * h.m11 + h.m12 * h.m12).squareRoot() / w
        let sy = (h.m21 * h.m21 + h.m22 * h.m22).squareRoot() / w
        let s = max(sx, sy)
        return s > 0 && s.isFinite ? Path.flatteningTolerance / s : Path.flatteningTolerance
    }
}
