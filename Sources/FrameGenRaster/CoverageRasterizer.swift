import FrameGenGeometry

/// How a pixel's covered area becomes its coverage byte.
public enum CoverageLevels: Sendable, Hashable {
    /// round(area × 255): the nearest level.
    case nearest
    /// min(⌊area × 256⌋, 255), as Core Graphics' rasteriser gives them: measured on iOS's
    /// references of filled circles, where it matches 4 times as many edge pixels as the
    /// nearest level (docs/design/rendering.md §6).
    case coreGraphics

    /// The byte for a covered share `a` of the pixel, 0...1.
    @inline(__always) func byte(_ a: Double) -> UInt8 {
        switch self {
        case .nearest: UInt8((a * 255 + 0.5).clampedInt(in: 0...255, nan: 0))
        case .coreGraphics: UInt8((a * 256).clampedInt(in: 0...255, nan: 0))
        }
    }
}

/// How overlapping contours combine.
public enum FillRule: Sendable, Hashable {
    case nonZero
    case evenOdd
}

/// Paths to coverage masks (docs/design/rendering.md §6).
///
/// Anti-aliased coverage is the exact area of each pixel square inside the (flattened) path,
/// computed as font-rs and stb_truetype do: every edge adds, row by row, its signed area and
/// cover into an accumulation row, and one prefix sum per row turns that into coverage. It is
/// exact for a single contour (better than any supersampling); where contours overlap inside one
/// pixel the signed areas add (clamped under non-zero, folded under even-odd). Coverage is
/// quantised as round(area x 255), so two polygons sharing an edge sum to 255 (256 only when
/// both areas are exactly k + 1/2 over 255).
///
/// Aliased coverage is iOS's default hard edge: a pixel is 255 when its centre is inside, with
/// the top-left rule (centre on a left or top edge counts) so abutting polygons partition pixels.
public enum Rasterizer {
    public static func coverage(
        of path: Path, fillRule: FillRule = .nonZero, clip: PixelBox, antialiased: Bool = true,
        levels: CoverageLevels = .nearest
    ) -> CoverageMask {
        coverage(
            of: path, fillRule: fillRule, clip: clip, antialiased: antialiased, runs: 256, levels: levels)
    }

    /// Anti-aliased coverage of contours that overlap one another by design (a stroke built as
    /// the union of its segments' rectangles and its joins, `Stroker.segmentUnion`), where the
    /// exact-area accumulation would add the areas of two contours sharing a pixel: each pixel
    /// row is sampled along `linesPerRow` horizontal lines and the inside measured exactly along
    /// each, so a pixel is within 1 / (2 · linesPerRow) of its exact area (2 levels at 64).
    public static func coverage(
        ofOverlapping path: Path, fillRule: FillRule = .nonZero, clip: PixelBox, linesPerRow: Int = 64,
        levels: CoverageLevels = .nearest
    ) -> CoverageMask {
        coverage(
            of: path, fillRule: fillRule, clip: clip, antialiased: true, runs: 256,
            linesPerRow: max(linesPerRow, 1), levels: levels)
    }

    /// `runs`: how many touched column ranges a row may record before it falls back to
    /// summing every column (0 always does: the reference the tests compare against).
    /// `repeatRows: false` computes every row of an axis-aligned rectangle too (the reference
    /// `repeatedRows` is tested against).
    static func coverage(
        of path: Path, fillRule: FillRule, clip: PixelBox, antialiased: Bool, runs: Int,
        repeatRows: Bool = true, linesPerRow: Int = 0, levels: CoverageLevels = .nearest
    ) -> CoverageMask {
        guard clip.x1 > clip.x0, clip.y1 > clip.y0 else { return .empty(at: clip.x0, clip.y0) }
        var edges: [Edge] = []
        var lo = SIMD2(Double.infinity, .infinity)
        var hi = -lo
        for poly in path.flattened() where poly.count >= 3 {
            for i in poly.indices {
                let a = poly[i]
                let b = poly[i + 1 == poly.count ? 0 : i + 1]
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else {
                    return .empty(at: clip.x0, clip.y0)
                }
                lo = pointwiseMin(lo, a)
                hi = pointwiseMax(hi, a)
                if a.y == b.y { continue }
                edges.append(a.y < b.y ? Edge(a, b, dir: 1) : Edge(b, a, dir: -1))
            }
        }
        guard !edges.isEmpty else { return .empty(at: clip.x0, clip.y0) }
        // Vertical edges all spanning the path's whole height (an axis-aligned rectangle, a
        // cell under a scale and translation): every row between them is the same.
        let banded = edges.allSatisfy { $0.x0 == $0.x1 && $0.y0 == lo.y && $0.y1 == hi.y }
        // The box of the path's pixels; far-away coordinates are clamped before converting.
        func floorInt(_ v: Double) -> Int {
            v.rounded(.down).clampedInt(in: -1_000_000_000...1_000_000_000, nan: 0)
        }
        func ceilInt(_ v: Double) -> Int {
            v.rounded(.up).clampedInt(in: -1_000_000_000...1_000_000_000, nan: 0)
        }
        let bx0 = max(clip.x0, floorInt(lo.x))
        let by0 = max(clip.y0, floorInt(lo.y))
        let bx1 = min(clip.x1, ceilInt(hi.x))
        let by1 = min(clip.y1, ceilInt(hi.y))
        guard bx0 < bx1, by0 < by1 else { return .empty(at: clip.x0, clip.y0) }
        edges.sort { $0.y0 < $1.y0 }
        // Rows y0..<y1 of the box; each row is computed from the edges alone, whatever the
        // rows before it.
        func rows(_ y0: Int, _ y1: Int) -> CoverageMask {
            var mask = CoverageMask(x: bx0, y: y0, width: bx1 - bx0, height: y1 - y0)
            if linesPerRow > 0 {
                sampleLines(edges, linesPerRow, into: &mask, evenOdd: fillRule == .evenOdd, levels: levels)
            } else if antialiased {
                accumulate(edges, into: &mask, evenOdd: fillRule == .evenOdd, runs: runs, levels: levels)
            } else {
                sampleCentres(edges, into: &mask, evenOdd: fillRule == .evenOdd)
            }
            return mask
        }
        // The rows lying wholly inside the edges' span (their pixel centres too) meet the same
        // edges at the same x with the same height: the first is computed and copied.
        let (first, end) = (max(by0, ceilInt(lo.y)), min(by1, floorInt(hi.y)))
        guard repeatRows, banded, end - first > 2 else { return rows(by0, by1) }
        return repeatedRows(head: rows(by0, first + 1), through: end, tail: rows(end, by1))
    }

    /// `head`'s rows, its last row repeated down to row `end`, then `tail`'s rows (same columns).
    static func repeatedRows(head: CoverageMask, through end: Int, tail: CoverageMask) -> CoverageMask {
        let w = head.width
        let height = tail.y + tail.height - head.y
        let data = [UInt8](unsafeUninitializedCapacity: w * height) { out, count in
            let base = out.baseAddress!
            head.data.withUnsafeBufferPointer { base.update(from: $0.baseAddress!, count: head.data.count) }
            let last = base + (head.height - 1) * w
            for y in (head.y + head.height)..<end {
                (base + (y - head.y) * w).update(from: last, count: w)
            }
            tail.data.withUnsafeBufferPointer { t in
                if !t.isEmpty { (base + (end - head.y) * w).update(from: t.baseAddress!, count: t.count) }
            }
            count = w * height
        }
        return CoverageMask(x: head.x, y: head.y, width: w, height: height, data: data)
    }

    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var dir: Double

        init(_ top: SIMD2<Double>, _ bottom: SIMD2<Double>, dir: Double) {
            x0 = top.x
            y0 = top.y
            x1 = bottom.x
            y1 = bottom.y
            dxdy = (bottom.x - top.x) / (bottom.y - top.y)
            self.dir = dir
        }

        @inline(__always) func x(at y: Double) -> Double {
            y >= y1 ? x1 : x0 + (y - y0) * dxdy
        }
    }

    // MARK: Anti-aliased: exact area

    static func accumulate(
        _ edges: [Edge], into mask: inout CoverageMask, evenOdd: Bool, runs: Int,
        levels: CoverageLevels = .nearest
    ) {
        let w = mask.width
        let ox = Double(mask.x)
        var acc = [Double](repeating: 0, count: w + 2)
        var active: [Int] = []
        active.reserveCapacity(64)
        var next = 0
        var touched = Touched(capacity: runs)
        defer { touched.free() }
        edges.withUnsafeBufferPointer { e in
            acc.withUnsafeMutableBufferPointer { acc in
                mask.data.withUnsafeMutableBufferPointer { out in
                    for row in 0..<mask.height {
                        let top = Double(mask.y + row)
                        let bottom = top + 1
                        while next < e.count && e[next].y0 < bottom {
                            active.append(next)
                            next += 1
                        }
                        active.removeAll { e[$0].y1 <= top }
                        for i in active {
                            let edge = e[i]
                            let ya = max(edge.y0, top)
                            let yb = min(edge.y1, bottom)
                            guard yb > ya else { continue }
                            addSegment(
                                edge.x(at: ya) - ox, edge.x(at: yb) - ox, edge.dir * (yb - ya), width: w,
                                acc, &touched)
                        }
                        @inline(__always) func value(_ sum: Double) -> UInt8 {
                            var a = abs(sum)
                            if evenOdd {
                                a = a.truncatingRemainder(dividingBy: 2)
                                if a > 1 { a = 2 - a }
                            } else if a > 1 {
                                a = 1
                            }
                            return levels.byte(a)
                        }
                        // One prefix sum turns per-column differences into coverage. Columns no
                        // edge touched add zero, so between the edges' columns the value is
                        // constant: those runs are filled (or, when 0, left as they are).
                        var sum = 0.0
                        let base = row * w
                        let row = out.baseAddress! + base
                        var j = 0
                        if !touched.overflow {
                            touched.sortAndMerge()
                            for r in 0..<touched.count {
                                let start = min(touched.starts[r], w)
                                let end = min(touched.ends[r], w - 1)
                                if start > j {
                                    let v = value(sum)
                                    if v != 0 { (row + j).update(repeating: v, count: start - j) }
                                }
                                if start <= end {
                                    for k in start...end {
                                        sum += acc[k]
                                        acc[k] = 0
                                        row[k] = value(sum)
                                    }
                                }
                                j = max(j, end + 1)
                            }
                            if j < w {
                                let v = value(sum)
                                if v != 0 { (row + j).update(repeating: v, count: w - j) }
                            }
                        } else {
                            for k in 0..<w {
                                sum += acc[k]
                                acc[k] = 0
                                row[k] = value(sum)
                            }
                        }
                        touched.reset()
                        acc[w] = 0
                        acc[w + 1] = 0
                    }
                }
            }
        }
    }

    /// One edge's piece inside a row, from x = xa to x = xb (relative to the mask), covering
    /// signed height d. Parts left of the mask act as a vertical edge at 0 (they cover every
    /// column), parts right of it reach only the spare column `width`.
    @inline(__always) static func addSegment(
        _ xa: Double, _ xb: Double, _ d: Double, width: Int, _ acc: UnsafeMutableBufferPointer<Double>,
        _ touched: inout Touched
    ) {
        let wd = Double(width)
        let lo = min(xa, xb)
        let hi = max(xa, xb)
        if lo >= 0 && hi <= wd {
            addInside(lo, hi, d, acc, &touched)
            return
        }
        // Split where the segment crosses x = 0 and x = width; d is shared in proportion.
        let dx = xb - xa
        var t1 = 1.0
        var t2 = 1.0
        if dx != 0 {
            let ta = -xa / dx
            let tb = (wd - xa) / dx
            t1 = ta > 0 && ta < 1 ? ta : 1
            t2 = tb > 0 && tb < 1 ? tb : 1
            if t1 > t2 { swap(&t1, &t2) }
        }
        var t0 = 0.0
        func piece(to t: Double) {
            guard t > t0 else { return }
            let pa = min(max(xa + dx * t0, 0), wd)
            let pb = min(max(xa + dx * t, 0), wd)
            addInside(min(pa, pb), max(pa, pb), d * (t - t0), acc, &touched)
            t0 = t
        }
        piece(to: t1)
        piece(to: t2)
        piece(to: 1)
    }

    /// G(v) = ∫₀^v clamp(s, 0, 1) ds: the area of a unit pixel column right of an edge point,
    /// integrated along the edge, in closed form.
    @inline(__always) static func g(_ v: Double) -> Double {
        v <= 0 ? 0 : (v < 1 ? 0.5 * v * v : v - 0.5)
    }

    /// Column j's coverage from this piece is d · mean over the piece of clamp(j + 1 - x, 0, 1)
    /// = d · (G(j+1-x0) - G(j+1-x1)) / (x1 - x0); acc stores its differences along the row.
    @inline(__always) static func addInside(
        _ x0: Double, _ x1: Double, _ d: Double, _ acc: UnsafeMutableBufferPointer<Double>,
        _ touched: inout Touched
    ) {
        // x0 >= 0, so truncation is floor; acc holds the row's columns and two spare ones.
        let i0 = x0.clampedInt(in: 0...acc.count - 2, nan: 0)
        if x1 - x0 < 1e-9 || x1 <= Double(i0 + 1) {
            let xm = 0.5 * (x0 + x1) - Double(i0)
            acc[i0] += d * (1 - xm)
            acc[i0 + 1] += d * xm
            touched.add(i0, i0 + 1)
            return
        }
        let i1 = x1.clampedInt(in: i0...acc.count - 2, nan: i0)
        touched.add(i0, i1 + 1)
        let k = d / (x1 - x0)
        var prev = 0.0
        var j = i0
        while j <= i1 {
            let c = k * (g(Double(j + 1) - x0) - g(Double(j + 1) - x1))
            acc[j] += c - prev
            prev = c
            j += 1
        }
        acc[i1 + 1] += d - prev
    }

    /// The column ranges a row's edges wrote into the accumulation row (inclusive), so that
    /// the prefix sum visits only those and fills the constant runs between them.
    struct Touched {
        let starts: UnsafeMutablePointer<Int>
        let ends: UnsafeMutablePointer<Int>
        let capacity: Int
        var count = 0
        var overflow = false

        init(capacity: Int) {
            self.capacity = capacity
            starts = .allocate(capacity: capacity)
            ends = .allocate(capacity: capacity)
        }

        func free() {
            starts.deallocate()
            ends.deallocate()
        }

        @inline(__always) mutating func add(_ s: Int, _ e: Int) {
            guard count < capacity else {
                overflow = true
                return
            }
            starts[count] = s
            ends[count] = e
            count += 1
        }

        mutating func reset() {
            count = 0
            overflow = false
        }

        /// Sorted by start, overlapping or adjacent ranges joined (a row has few).
        mutating func sortAndMerge() {
            guard count > 1 else { return }
            for i in 1..<count {
                let (s, e) = (starts[i], ends[i])
                var k = i - 1
                while k >= 0 && starts[k] > s {
                    starts[k + 1] = starts[k]
                    ends[k + 1] = ends[k]
                    k -= 1
                }
                starts[k + 1] = s
                ends[k + 1] = e
            }
            var n = 0
            for i in 1..<count {
                if starts[i] <= ends[n] + 1 {
                    ends[n] = max(ends[n], ends[i])
                } else {
                    n += 1
                    starts[n] = starts[i]
                    ends[n] = ends[i]
                }
            }
            count = n + 1
        }
    }

    // MARK: Aliased: pixel centres

    static func sampleCentres(_ edges: [Edge], into mask: inout CoverageMask, evenOdd: Bool) {
        let w = mask.width
        var scan = Scanline(evenOdd: evenOdd, originX: Double(mask.x))
        edges.withUnsafeBufferPointer { e in
            mask.data.withUnsafeMutableBufferPointer { out in
                for row in 0..<mask.height {
                    let base = row * w
                    scan.insideRuns(e, at: Double(mask.y + row) + 0.5) { xl, xr in
                        // Centres j + 0.5 in [xl, xr): the top-left rule.
                        let j0 = max(0, firstCentre(atOrAfter: xl))
                        let j1 = min(w, firstCentre(atOrAfter: xr))
                        if j0 < j1 { for j in j0..<j1 { out[base + j] = 255 } }
                    }
                }
            }
        }
    }

    /// The edges a horizontal line meets, walked down the rows: lines must come in increasing y.
    struct Scanline {
        let evenOdd: Bool
        let originX: Double
        var active: [Int] = []
        var crossings: [(x: Double, dir: Int)] = []
        var next = 0

        init(evenOdd: Bool, originX: Double) {
            self.evenOdd = evenOdd
            self.originX = originX
        }

        /// Calls `body` with each run of the line at `y` inside the fill, left to right, in x
        /// relative to the mask.
        mutating func insideRuns(
            _ e: UnsafeBufferPointer<Edge>, at y: Double, _ body: (Double, Double) -> Void
        ) {
            while next < e.count && e[next].y0 <= y {
                active.append(next)
                next += 1
            }
            active.removeAll { e[$0].y1 <= y }
            crossings.removeAll(keepingCapacity: true)
            for i in active where e[i].y0 <= y {
                crossings.append((e[i].x(at: y) - originX, Int(e[i].dir)))
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for k in crossings.indices.dropLast() {
                winding += crossings[k].dir
                if evenOdd ? (winding & 1) != 0 : winding != 0 { body(crossings[k].x, crossings[k + 1].x) }
            }
        }
    }

    // MARK: Anti-aliased, overlapping contours: sampled lines

    /// Each row sampled on `lines` lines at their middles; along a line the inside runs between
    /// the sorted crossings are added exactly to the columns they cover (a partial column takes
    /// its share), so only the vertical direction is sampled.
    static func sampleLines(
        _ edges: [Edge], _ lines: Int, into mask: inout CoverageMask, evenOdd: Bool, levels: CoverageLevels
    ) {
        let w = mask.width
        let wd = Double(w)
        // Whole columns by differences, partial ones directly, both in sampled-line units.
        var starts = [Double](repeating: 0, count: w + 1)
        var parts = [Double](repeating: 0, count: w + 1)
        var scan = Scanline(evenOdd: evenOdd, originX: Double(mask.x))
        let step = 1 / Double(lines)
        edges.withUnsafeBufferPointer { e in
            starts.withUnsafeMutableBufferPointer { starts in
                parts.withUnsafeMutableBufferPointer { parts in
                    mask.data.withUnsafeMutableBufferPointer { out in
                        for row in 0..<mask.height {
                            let top = Double(mask.y + row)
                            for line in 0..<lines {
                                scan.insideRuns(e, at: top + (Double(line) + 0.5) * step) { left, right in
                                    let xa = min(max(left, 0), wd)
                                    let xb = min(max(right, 0), wd)
                                    guard xb > xa else { return }
                                    let ia = xa.rounded(.down).clampedInt(in: 0...w, nan: 0)
                                    let ib = xb.rounded(.down).clampedInt(in: 0...w, nan: 0)
                                    if ia == ib {
                                        parts[ia] += xb - xa
                                    } else {
                                        parts[ia] += Double(ia + 1) - xa
                                        starts[ia + 1] += 1
                                        starts[ib] -= 1
                                        parts[ib] += xb - Double(ib)
                                    }
                                }
                            }
                            var run = 0.0
                            let base = row * w
                            for k in 0..<w {
                                run += starts[k]
                                let a = min((run + parts[k]) * step, 1)
                                out[base + k] = levels.byte(a)
                                starts[k] = 0
                                parts[k] = 0
                            }
                            starts[w] = 0
                            parts[w] = 0
                        }
                    }
                }
            }
        }
    }

    /// The first column whose centre j + 0.5 is >= x, clamped to a sane range.
    @inline(__always) static func firstCentre(atOrAfter x: Double) -> Int {
        (x - 0.5).rounded(.up).clampedInt(in: -1...1_000_000_000, nan: 1_000_000_000)
    }
}
