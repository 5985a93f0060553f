import Foundation
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenRaster

func endpoints(_ p: Path) -> [SIMD2<Double>] {
    p.contours.flatMap { c in [c.start] + c.segments.map(\.end) }
}

func distanceToPolygon(_ q: SIMD2<Double>, _ poly: [SIMD2<Double>]) -> Double {
    var best = Double.infinity
    for i in poly.indices {
        let a = poly[i]
        let b = poly[(i + 1) % poly.count]
        let ab = b - a
        let t = max(0, min(1, ((q - a) * ab).sum() / max((ab * ab).sum(), 1e-300)))
        let d = q - (a + ab * t)
        best = min(best, (d * d).sum().squareRoot())
    }
    return best
}

func maskArea(_ m: CoverageMask) -> Double { m.data.reduce(0.0) { $0 + Double($1) } / 255 }

@Test func continuousCornerIsCoreAnimations() {
    let rect = Rect(x: 10, y: 20, width: 200, height: 100)
    let r = 20.0
    let path = Shapes.roundedRect(rect, radius: r, curve: .continuous)
    let ends = endpoints(path)
    // Core Animation's corner (docs/design/rendering.md §8.3): three cubics, no straight pieces;
    // (distance back along the incoming edge, distance into the rect) in units of r.
    let joints: [SIMD2<Double>] = [
        SIMD2(1.528665, 0), SIMD2(0.631494, 0.0749114), SIMD2(0.0749114, 0.631494), SIMD2(0, 1.528665),
    ]
    // Top-right corner (incoming edge runs +x, inward is +y) and bottom-left (runs -x, inward -y).
    for q in joints {
        let tr = SIMD2(210 - q.x * r, 20 + q.y * r)
        let bl = SIMD2(10 + q.x * r, 120 - q.y * r)
        for p in [tr, bl] {
            expect(ends.contains { abs($0.x - p.x) < 1e-5 && abs($0.y - p.y) < 1e-5 }, "\(p)")
        }
    }
    // The flattened outline stays within the flattening tolerance of the middle cubic's
    // midpoint: B(1/2) = (p0 + 3 c1 + 3 c2 + p3) / 8 in corner units.
    let p0 = SIMD2<Double>(0.631494, 0.0749114)
    let c1 = SIMD2<Double>(0.372824, 0.16906)
    let c2 = SIMD2<Double>(0.16906, 0.372824)
    let p3 = SIMD2<Double>(0.0749114, 0.631494)
    let mid: SIMD2<Double> = (p0 + 3 * c1 + 3 * c2 + p3) / 8
    let poly = path.flattened()[0]
    expect(
        distanceToPolygon(SIMD2(210 - mid.x * r, 20 + mid.y * r), poly) <= Path.flatteningTolerance + 1e-4)
    // The curve is symmetric about the corner's diagonal, so its midpoint lies on it.
    expect(abs(mid.x - mid.y) < 1e-9)
}

@Test func radiiAreClampedAsB32Says() {
    let rect = Rect(x: 0, y: 0, width: 100, height: 40)
    expect(Shapes.effectiveRadius(50, in: rect, curve: .circular) == 20)
    expect(Shapes.effectiveRadius(50, in: rect, curve: .continuous) == 20 / 1.528665)
    expect(Shapes.effectiveRadius(5, in: rect, curve: .continuous) == 5)
    expect(Shapes.effectiveRadius(-3, in: rect, curve: .circular) == 0)
    // A clamped continuous rect still touches every side of its bounds.
    let poly = Shapes.roundedRect(rect, radius: 50, curve: .continuous).flattened()[0]
    expect(poly.map(\.x).min()! == 0 && poly.map(\.x).max()! == 100)
    expect(poly.map(\.y).min()! == 0 && poly.map(\.y).max()! == 40)
}

@Test func circularCornersAreQuarterCircles() {
    let path = Shapes.roundedRect(Rect(x: 20, y: 20, width: 60, height: 60), radius: 30)
    let poly = path.flattened()[0]
    for p in poly {
        let d = p - SIMD2(50, 50)
        expect(abs((d * d).sum().squareRoot() - 30) < 0.001)
    }
    // Chords are inside the circle by at most the tolerance, so the area is within
    // 0.1 px x perimeter of π r².
    let mask = Rasterizer.coverage(of: path, clip: (0, 0, 100, 100))
    let area = maskArea(mask)
    expect(area <= Double.pi * 900 + 1)
    expect(area >= Double.pi * 900 - 0.1 * 2 * Double.pi * 30)
}

@Test func borderCoversTheRingOnly() {
    let rect = Rect(x: 10, y: 10, width: 80, height: 60)
    for rule in [FillRule.nonZero, .evenOdd] {
        let square = Rasterizer.coverage(
            of: Shapes.border(rect, width: 6, radius: 0), fillRule: rule, clip: (0, 0, 100, 100))
        for y in 0..<100 {
            for x in 0..<100 {
                let inOuter = x >= 10 && x < 90 && y >= 10 && y < 70
                let inInner = x >= 16 && x < 84 && y >= 16 && y < 64
                expect(square[x, y] == (inOuter && !inInner ? 255 : 0), "\(x),\(y)")
            }
        }
        let rounded = Rasterizer.coverage(
            of: Shapes.border(rect, width: 6, radius: 20), fillRule: rule, clip: (0, 0, 100, 100))
        // Outer: 80x60 minus (4 - π) 20² at the corners; inner: 68x48 with radius 14.
        let ring = (80.0 * 60 - (4 - Double.pi) * 400) - (68.0 * 48 - (4 - Double.pi) * 196)
        expect(abs(maskArea(rounded) - ring) < 0.005 * ring)
        expect(rounded[50, 40] == 0 && rounded[50, 12] == 255 && rounded[12, 40] == 255)
    }
    // A half-pixel offset outer edge: the column it crosses is half covered.
    let shifted = Rasterizer.coverage(
        of: Shapes.border(rect.offsetBy(dx: 0.5, dy: 0), width: 6, radius: 0), clip: (0, 0, 100, 100))
    expect(shifted[10, 40] == 128 && shifted[11, 40] == 255 && shifted[16, 40] == 128)
    // Wider than half the rect: the whole rounded rect.
    let full = Rasterizer.coverage(of: Shapes.border(rect, width: 40, radius: 0), clip: (0, 0, 100, 100))
    expect(abs(maskArea(full) - 4800) < 0.5)
}

@Test func affineTransformKeepsCurvesAndPerspectiveClipsAtTheNearPlane() {
    let path = Shapes.roundedRect(Rect(x: 0, y: 0, width: 200, height: 100), radius: 10)
    let moved = path.transformed(by: .translation(5, 7))
    expect(moved.contours[0].segments.count == path.contours[0].segments.count)
    expect(moved.contours[0].start == path.contours[0].start + SIMD2(5, 7))
    // W = 1 - x / 100: everything at x >= 100 is behind the eye.
    let h = Homography(m11: 1, m12: 0, m13: -0.01, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
    let seen = path.transformed(by: h)
    expect(seen.contours.count == 1)
    let pts = seen.flattened()[0]
    expect(pts.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    // The clipped edge sits at W = 1e-5, i.e. x/W of about 1e7.
    expect(pts.map(\.x).max()! > 9e6)
    let behind = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: -1)
    expect(path.transformed(by: behind).isEmpty)
    expect(
        path.transformed(
            by: Homography(m11: .nan, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        ).isEmpty)
}

/// The chord count found without cutting bounds the chords Core Graphics' cutting makes, and
/// is exact where each halving's pieces bend alike (a quarter circle's cubic is symmetric):
/// what a caller may bound its work by before flattening.
@Test func coreGraphicsChordCountBoundsTheCut() {
    var curves = Path()
    curves.move(to: SIMD2(0, 0))
    curves.cubic(to: SIMD2(200, 200), control1: SIMD2(110, 0), control2: SIMD2(200, 90))
    curves.line(to: SIMD2(0, 200))
    curves.cubic(to: SIMD2(3, 5), control1: SIMD2(1000, 300), control2: SIMD2(-50, 20))
    let cut = curves.flattenedAsCoreGraphics().contours.reduce(0) { $0 + $1.segments.count }
    expect(cut <= curves.coreGraphicsChordCount())
    var quarter = Path()
    quarter.move(to: SIMD2(100, 0))
    quarter.cubic(to: SIMD2(0, 100), control1: SIMD2(100, 55.228), control2: SIMD2(55.228, 100))
    expect(
        quarter.flattenedAsCoreGraphics().contours[0].segments.count == quarter.coreGraphicsChordCount())
}
