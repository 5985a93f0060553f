import Foundation
import TestTiers
import Testing

@testable import FrameGenRaster

// References computed the slow, obvious way: polygon-clipping areas and point sampling.

/// The exact area of `poly` inside the unit pixel square at (px, py) (Sutherland–Hodgman, then
/// the shoelace formula). `poly` must be convex or at least simple for this to be exact.
func exactPixelArea(_ poly: [SIMD2<Double>], _ px: Int, _ py: Int) -> Double {
    var pts = poly
    let (x0, y0, x1, y1) = (Double(px), Double(py), Double(px + 1), Double(py + 1))
    func clip(_ inside: (SIMD2<Double>) -> Bool, _ cross: (SIMD2<Double>, SIMD2<Double>) -> SIMD2<Double>) {
        var out: [SIMD2<Double>] = []
        for i in pts.indices {
            let a = pts[i]
            let b = pts[(i + 1) % pts.count]
            if inside(a) { out.append(a) }
            if inside(a) != inside(b) { out.append(cross(a, b)) }
        }
        pts = out
    }
    func atX(_ x: Double) -> (SIMD2<Double>, SIMD2<Double>) -> SIMD2<Double> {
        { a, b in SIMD2(x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
    }
    func atY(_ y: Double) -> (SIMD2<Double>, SIMD2<Double>) -> SIMD2<Double> {
        { a, b in SIMD2(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y) }
    }
    clip({ $0.x >= x0 }, atX(x0))
    clip({ $0.x <= x1 }, atX(x1))
    clip({ $0.y >= y0 }, atY(y0))
    clip({ $0.y <= y1 }, atY(y1))
    guard pts.count >= 3 else { return 0 }
    var area = 0.0
    for i in pts.indices {
        let a = pts[i]
        let b = pts[(i + 1) % pts.count]
        area += a.x * b.y - b.x * a.y
    }
    return abs(area) / 2
}

/// Winding number of `poly` around p (crossing test, upward edges +1).
func winding(_ poly: [SIMD2<Double>], _ p: SIMD2<Double>) -> Int {
    var w = 0
    for i in poly.indices {
        let a = poly[i]
        let b = poly[(i + 1) % poly.count]
        if a.y <= p.y && b.y > p.y {
            if (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { w -= 1 }
        } else if a.y > p.y && b.y <= p.y {
            if (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 { w += 1 }
        }
    }
    return w
}

func square(center c: SIMD2<Double>, side: Double, degrees: Double) -> [SIMD2<Double>] {
    let a = degrees * .pi / 180
    let u = SIMD2(cos(a), sin(a)) * (side / 2)
    let v = SIMD2(-sin(a), cos(a)) * (side / 2)
    return [c - u - v, c + u - v, c + u + v, c - u + v]
}

let bigClip: PixelBox = (0, 0, 200, 200)

@Test func rotatedSquareEdgePixelsMatchTheirTrueArea() {
    let poly = square(center: SIMD2(50.3, 40.7), side: 40, degrees: 30)
    let mask = Rasterizer.coverage(of: Path(polygon: poly), clip: bigClip)
    var edgePixels = 0
    for y in 10..<75 {
        for x in 15..<90 {
            let area = exactPixelArea(poly, x, y)
            if area > 0 && area < 1 { edgePixels += 1 }
            expect(abs(Double(mask[x, y]) - area * 255) <= 2, "pixel \(x),\(y)")
        }
    }
    expect(edgePixels > 100)
}

// A 16x16 supersampled reference is itself off by up to 8 samples (8 levels) on a 45° edge,
// where a whole diagonal of samples can sit on the line; so the check is: never further from
// the true area than the 16x16 reference is, within 1 level of the true area, and within 2 levels
// of the reference on average.
@Test func fortyFiveDegreeSquareMatchesSixteenBySixteenSupersampling() {
    let poly = square(center: SIMD2(60.37, 55.81), side: 50, degrees: 45)
    let mask = Rasterizer.coverage(of: Path(polygon: poly), clip: bigClip)
    var worstVsExact = 0.0
    var worstReferenceVsExact = 0.0
    var sumVsReference = 0.0
    var edgePixels = 0
    for y in 15..<100 {
        for x in 15..<105 {
            var inside = 0
            for sy in 0..<16 {
                for sx in 0..<16 {
                    let p = SIMD2(Double(x) + (Double(sx) + 0.5) / 16, Double(y) + (Double(sy) + 0.5) / 16)
                    if winding(poly, p) != 0 { inside += 1 }
                }
            }
            let reference = Double(inside) * 255 / 256
            let exact = exactPixelArea(poly, x, y) * 255
            let v = Double(mask[x, y])
            worstVsExact = max(worstVsExact, abs(v - exact))
            worstReferenceVsExact = max(worstReferenceVsExact, abs(reference - exact))
            if exact > 0 && exact < 255 {
                edgePixels += 1
                sumVsReference += abs(v - reference)
            }
        }
    }
    expect(worstVsExact <= 1)
    expect(worstVsExact <= worstReferenceVsExact)
    expect(edgePixels > 200)
    expect(sumVsReference / Double(edgePixels) <= 2)
    // No staircase: along a 45° edge every pixel meets the edge the same way, so a pixel and its
    // diagonal neighbour along the edge have the same coverage.
    let a = poly[1]
    let b = poly[2]
    for k in 5..<30 {
        let t = Double(k) / 35
        let p = a + (b - a) * t
        let x = Int(p.x.rounded(.down))
        let y = Int(p.y.rounded(.down))
        let d = SIMD2(b.x - a.x > 0 ? 1 : -1, b.y - a.y > 0 ? 1 : -1)
        expect(abs(Int(mask[x, y]) - Int(mask[x + d.x, y + d.y])) <= 1, "\(x),\(y)")
    }
}

@Test func aliasedCoverageIsThePixelCentreTest() {
    let star: [SIMD2<Double>] = (0..<5).map { k in
        let a = Double(k) * 4 * .pi / 5 - .pi / 2
        return SIMD2(70.2 + 50 * cos(a), 65.9 + 50 * sin(a))
    }
    for rule in [FillRule.nonZero, .evenOdd] {
        let mask = Rasterizer.coverage(
            of: Path(polygon: star), fillRule: rule, clip: bigClip, antialiased: false)
        var inside = 0
        for y in 0..<140 {
            for x in 0..<140 {
                let w = winding(star, SIMD2(Double(x) + 0.5, Double(y) + 0.5))
                let expected: UInt8 = (rule == .nonZero ? w != 0 : w % 2 != 0) ? 255 : 0
                if expected == 255 { inside += 1 }
                expect(mask[x, y] == expected, "\(rule) \(x),\(y)")
            }
        }
        expect(inside > 1000)
    }
}

@Test func evenOddAndNonZeroDifferWhereContoursOverlap() {
    var path = Path(polygon: square(center: SIMD2(30, 30), side: 20, degrees: 0))
    path.append(Path(polygon: square(center: SIMD2(40, 40), side: 20, degrees: 0)))
    let nz = Rasterizer.coverage(of: path, fillRule: .nonZero, clip: bigClip)
    let eo = Rasterizer.coverage(of: path, fillRule: .evenOdd, clip: bigClip)
    expect(nz[35, 35] == 255)
    expect(eo[35, 35] == 0)
    expect(nz[25, 25] == 255 && eo[25, 25] == 255)
    expect(nz[45, 45] == 255 && eo[45, 45] == 255)
}

@Test func abuttingPolygonsLeaveNoSeam() {
    // A quad split along a slanted line through generic points.
    let p0 = SIMD2(10.3, 12.1)
    let p1 = SIMD2(90.7, 8.4)
    let p2 = SIMD2(95.2, 88.9)
    let p3 = SIMD2(6.6, 80.2)
    let m0 = p0 + (p1 - p0) * 0.4537
    let m1 = p3 + (p2 - p3) * 0.6219
    let left = [p0, m0, m1, p3]
    let right = [m0, p1, p2, m1]
    let whole = [p0, p1, p2, p3]
    for aa in [true, false] {
        let a = Rasterizer.coverage(of: Path(polygon: left), clip: bigClip, antialiased: aa)
        let b = Rasterizer.coverage(of: Path(polygon: right.reversed()), clip: bigClip, antialiased: aa)
        var seamPixels = 0
        for y in 0..<100 {
            for x in 0..<100 {
                // Pixels entirely inside the whole quad (away from its outer edges).
                let corners = [SIMD2(0.0, 0), SIMD2(1, 0), SIMD2(0, 1), SIMD2(1, 1)].map {
                    SIMD2(Double(x), Double(y)) + $0
                }
                guard corners.allSatisfy({ winding(whole, $0) != 0 }) else { continue }
                if a[x, y] != 0 && b[x, y] != 0 { seamPixels += 1 }
                expect(Int(a[x, y]) + Int(b[x, y]) == 255, "aa \(aa) \(x),\(y)")
                if !aa { expect(a[x, y] == 0 || b[x, y] == 0) }
            }
        }
        if aa { expect(seamPixels > 70) }
    }
}

@Test func clipBoxCutsTheMaskButNotTheCoverage() {
    let poly = square(center: SIMD2(50.5, 50.5), side: 60, degrees: 17)
    let full = Rasterizer.coverage(of: Path(polygon: poly), clip: bigClip)
    let clip: PixelBox = (33, 41, 58, 70)
    let part = Rasterizer.coverage(of: Path(polygon: poly), clip: clip)
    expect(part.x >= 33 && part.y >= 41 && part.x + part.width <= 58 && part.y + part.height <= 70)
    for y in 41..<70 {
        for x in 33..<58 { expect(part[x, y] == full[x, y]) }
    }
    // Entirely outside the clip: an empty mask, no crash.
    expect(Rasterizer.coverage(of: Path(polygon: poly), clip: (150, 150, 190, 190)).isEmpty)
    // Non-finite points: nothing.
    expect(
        Rasterizer.coverage(of: Path(polygon: [SIMD2(.nan, 1), SIMD2(5, 5), SIMD2(1, 9)]), clip: bigClip)
            .isEmpty)
}

@Test func hugeCoordinatesAreClippedCheaply() {
    let poly = [SIMD2(-1e7, -3e6), SIMD2(2e7, 10), SIMD2(30.5, 4e7)]
    let mask = Rasterizer.coverage(of: Path(polygon: poly), clip: (0, 0, 64, 64))
    expect(mask.width == 64 && mask.height == 64)
    for y in 0..<64 {
        for x in 0..<64 {
            let area = exactPixelArea(poly, x, y)
            expect(abs(Double(mask[x, y]) - area * 255) <= 1, "\(x),\(y)")
        }
    }
}

@Test func intersectedMasksMultiply() {
    let a = CoverageMask(x: 0, y: 0, width: 4, height: 4, data: [UInt8](repeating: 128, count: 16))
    let b = CoverageMask(x: 2, y: 1, width: 4, height: 4, data: [UInt8](repeating: 255, count: 16))
    let c = a.intersected(with: b)
    expect(c.x == 2 && c.y == 1 && c.width == 2 && c.height == 3)
    expect(c.data.allSatisfy { $0 == 128 })
    let half = CoverageMask(x: 2, y: 1, width: 4, height: 4, data: [UInt8](repeating: 128, count: 16))
    expect(a.intersected(with: half)[3, 2] == 64)  // round(128 * 128 / 255) = 64
    expect(a.intersected(with: CoverageMask(x: 10, y: 10, width: 2, height: 2, value: 255)).isEmpty)
}
