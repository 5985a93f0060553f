import Foundation
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenRaster

private func line(_ points: [SIMD2<Double>], closed: Bool = false) -> [Path.Element] {
    [.move(points[0])] + points.dropFirst().map { .line($0) } + (closed ? [.close] : [])
}

/// A circle as Core Graphics adds an ellipse: from the rightmost point, clockwise on screen.
private func circle(_ c: SIMD2<Double>, _ r: Double) -> [Path.Element] {
    let k = 0.5522847498 * r
    return [
        .move(c + SIMD2(r, 0)),
        .curve(c + SIMD2(0, r), control1: c + SIMD2(r, k), control2: c + SIMD2(k, r)),
        .curve(c + SIMD2(-r, 0), control1: c + SIMD2(-k, r), control2: c + SIMD2(-r, k)),
        .curve(c + SIMD2(0, -r), control1: c + SIMD2(-r, -k), control2: c + SIMD2(-k, -r)),
        .curve(c + SIMD2(r, 0), control1: c + SIMD2(k, -r), control2: c + SIMD2(r, -k)),
        .close,
    ]
}

private func strokeMask(_ elements: [Path.Element], _ style: StrokeStyle, size: Int = 100) -> CoverageMask {
    Rasterizer.coverage(of: Stroker.outline(of: elements, style: style), clip: (0, 0, size, size))
}

private func value(_ m: CoverageMask, _ x: Int, _ y: Int) -> Int {
    guard x >= m.x, y >= m.y, x < m.x + m.width, y < m.y + m.height else { return 0 }
    return Int(m.data[(y - m.y) * m.width + x - m.x])
}

@Test func aHorizontalLinesStrokeIsTheRectangleLineWidthTall() {
    let m = strokeMask(line([SIMD2(10, 20), SIMD2(50, 20)]), StrokeStyle(lineWidth: 4))
    for y in 10..<30 {
        for x in 0..<60 {
            let inside = (10..<50).contains(x) && (18..<22).contains(y)
            expect(value(m, x, y) == (inside ? 255 : 0), "(\(x), \(y))")
        }
    }
}

@Test func capsReachHalfTheLineWidthPastTheEnds() {
    let ends = line([SIMD2(20, 20), SIMD2(40, 20)])
    let square = strokeMask(ends, StrokeStyle(lineWidth: 10, lineCap: .square))
    expect(maskArea(square) == 300)
    expect(value(square, 15, 15) == 255 && value(square, 44, 24) == 255)
    expect(value(square, 14, 20) == 0 && value(square, 45, 20) == 0)
    let round = strokeMask(ends, StrokeStyle(lineWidth: 10, lineCap: .round))
    expect(abs(maskArea(round) - (200 + .pi * 25)) < 0.1)
    expect(value(round, 15, 19) > 200 && value(round, 44, 20) > 200)
    expect(
        value(round, 14, 20) < 3 && value(round, 45, 20) < 3, "a sixtieth of a pixel past the cap at most")
    expect(value(round, 15, 15) < 60, "the cap's corner is round")
}

@Test func aMiterBeyondTheLimitBecomesABevel() {
    // A right angle: the miter is √2 line widths long, under the default limit of 10.
    let corner = line([SIMD2(10, 50), SIMD2(50, 10), SIMD2(90, 50)])
    let h = 5.0
    let tip = 10 - h * 2.0.squareRoot()
    let bevelTop = 10 - h / 2.0.squareRoot()
    let miter = Stroker.outline(of: corner, style: StrokeStyle(lineWidth: 2 * h))
    expect(miter.contains(SIMD2(50, tip + 0.05), evenOdd: false))
    expect(!miter.contains(SIMD2(50, tip - 0.05), evenOdd: false))
    let bevel = Stroker.outline(of: corner, style: StrokeStyle(lineWidth: 2 * h, miterLimit: 1.4))
    expect(!bevel.contains(SIMD2(50, bevelTop - 0.05), evenOdd: false))
    expect(bevel.contains(SIMD2(50, bevelTop + 0.05), evenOdd: false))
    let round = Stroker.outline(of: corner, style: StrokeStyle(lineWidth: 2 * h, lineJoin: .round))
    expect(round.contains(SIMD2(50, 10 - h + 0.05), evenOdd: false))
    expect(!round.contains(SIMD2(50, 10 - h - 0.05), evenOdd: false))
    expect(!round.contains(SIMD2(50 + 3.6, 10 - 3.6), evenOdd: false), "outside the circle of radius h")
}

@Test func aClosedRectanglesStrokeIsAFrameWithSquareCorners() {
    let m = strokeMask(
        line([SIMD2(10, 10), SIMD2(50, 10), SIMD2(50, 50), SIMD2(10, 50)], closed: true),
        StrokeStyle(lineWidth: 4))
    expect(maskArea(m) == 44 * 44 - 36 * 36)
    expect(
        value(m, 8, 8) == 255 && value(m, 51, 51) == 255 && value(m, 12, 12) == 0 && value(m, 30, 30) == 0)
}

@Test func strokeEndOneHalfOfACircleCoversItsFirstHalf() {
    let ring = circle(SIMD2(50, 50), 30)
    let whole = strokeMask(ring, StrokeStyle(lineWidth: 6))
    let annulus = Double.pi * (33 * 33 - 27 * 27)
    expect(abs(maskArea(whole) - annulus) < 2)
    expect(value(whole, 50, 51 - 30) == 255 && value(whole, 50, 50) == 0)
    let half = strokeMask(ring, StrokeStyle(lineWidth: 6, strokeEnd: 0.5))
    expect(abs(maskArea(half) - annulus / 2) < 2)
    // From the rightmost point clockwise on screen (y down): the lower half.
    expect(value(half, 50, 79) == 255 && value(half, 50, 20) == 0)
    let quarter = strokeMask(ring, StrokeStyle(lineWidth: 6, strokeStart: 0.25, strokeEnd: 0.5))
    expect(abs(maskArea(quarter) - annulus / 4) < 2)
    expect(value(quarter, 28, 70) == 255 && value(quarter, 72, 70) == 0)
    expect(
        strokeMask(ring, StrokeStyle(lineWidth: 6, strokeStart: 0.5, strokeEnd: 0.5)).data.allSatisfy {
            $0 == 0
        })
}

@Test func dashesPaintTheirOnLengthsFromThePhase() {
    let rule = line([SIMD2(0, 10), SIMD2(100, 10)])
    let m = strokeMask(rule, StrokeStyle(lineWidth: 2, dashPattern: [10, 5]))
    for x in 0..<100 {
        expect(value(m, x, 9) == (x % 15 < 10 ? 255 : 0), "x \(x)")
    }
    let shifted = strokeMask(rule, StrokeStyle(lineWidth: 2, dashPattern: [10, 5], dashPhase: 3))
    for x in 0..<100 {
        expect(value(shifted, x, 10) == ((x + 3) % 15 < 10 ? 255 : 0), "x \(x)")
    }
    // An odd count repeats: [4] is 4 on, 4 off.
    let odd = strokeMask(rule, StrokeStyle(lineWidth: 2, dashPattern: [4]))
    for x in 0..<100 { expect(value(odd, x, 10) == (x % 8 < 4 ? 255 : 0), "x \(x)") }
    // Dots: painted lengths of zero with round caps.
    let dots = Stroker.outline(
        of: line([SIMD2(10, 10), SIMD2(90, 10)]),
        style: StrokeStyle(lineWidth: 6, lineCap: .round, dashPattern: [0, 20]))
    expect(dots.contours.count == 5)
    let dotMask = Rasterizer.coverage(of: dots, clip: (0, 0, 100, 20))
    expect(abs(maskArea(dotMask) - 5 * .pi * 9) < 0.5)
}

/// The truth of a stroke: the points within half the line width of the curve (round joins and
/// caps), sampled 16 x 16 per pixel where the pixel's centre lies near the edge.
@Test func aCurvesRoundStrokeMatchesSupersampledDistance() {
    let p0 = SIMD2(10.0, 80), c1 = SIMD2(20.0, 0), c2 = SIMD2(80.0, 100), p3 = SIMD2(90.0, 20)
    let h = 4.5
    let style = StrokeStyle(lineWidth: 2 * h, lineCap: .round, lineJoin: .round)
    let m = strokeMask([.move(p0), .curve(p3, control1: c1, control2: c2)], style)
    let curve = (0...400).map { Path.cubicPoint(p0, c1, c2, p3, Double($0) / 400) }
    func distance(_ q: SIMD2<Double>, _ segments: [Int]) -> Double {
        var best = Double.infinity
        for k in segments {
            let (a, b) = (curve[k - 1], curve[k])
            let t = min(max(((q - a) * (b - a)).sum() / ((b - a) * (b - a)).sum(), 0), 1)
            let d = q - (a + (b - a) * t)
            best = min(best, (d * d).sum())
        }
        return best.squareRoot()
    }
    let all = Array(1..<curve.count)
    var worst = 0
    for y in stride(from: 0, to: 100, by: 2) {
        for x in 0..<100 {
            let c = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
            let centre = distance(c, all)
            var truth: Int
            if centre < h - 0.75 {
                truth = 255
            } else if centre > h + 0.75 {
                truth = 0
            } else {
                // Only the segments that can come within h of the pixel.
                let near = all.filter { distance(c, [$0]) < h + 1 }
                var inside = 0
                for sy in 0..<16 {
                    for sx in 0..<16 {
                        let q = SIMD2(
                            Double(x) + (Double(sx) + 0.5) / 16, Double(y) + (Double(sy) + 0.5) / 16)
                        if distance(q, near) <= h { inside += 1 }
                    }
                }
                truth = inside * 255 / 256
            }
            worst = max(worst, abs(value(m, x, y) - truth))
        }
    }
    expect(worst <= 6)
}

@Test func strokesOfNothingAreEmpty() {
    let rule = line([SIMD2(0, 10), SIMD2(100, 10)])
    expect(Stroker.outline(of: rule, style: StrokeStyle(lineWidth: 0)).isEmpty)
    expect(Stroker.outline(of: rule, style: StrokeStyle(lineWidth: .nan)).isEmpty)
    expect(Stroker.outline(of: [.move(SIMD2(3, 3))], style: StrokeStyle(lineCap: .round)).isEmpty)
    expect(
        Stroker.outline(of: [.move(SIMD2(3, 3)), .line(SIMD2(.infinity, 3))], style: StrokeStyle()).isEmpty)
    // A dash pattern of zeros draws the line solid, as Core Graphics does.
    expect(maskArea(strokeMask(rule, StrokeStyle(lineWidth: 2, dashPattern: [0, 0]))) == 200)
}

// MARK: A polygon stroked as the union of its segments' rectangles and joins

/// Every pixel's sampled coverage of overlapping contours against 64 x 64 point samples of
/// the non-zero rule: within 1/128 of a pixel vertically, exact horizontally, so within 3 levels.
/// Every pixel in the heavy tier, every fifth (across the whole square) in the fast one.
@Test func overlappingContoursAreCoveredAsTheirUnion() {
    var path = Path()
    // Three triangles and a square, overlapping one another at slants.
    path.addPolygon([SIMD2(2.3, 1.7), SIMD2(17.6, 4.2), SIMD2(6.1, 15.9)])
    path.addPolygon([SIMD2(5.2, 3.1), SIMD2(18.4, 13.3), SIMD2(3.3, 12.8)])
    path.addPolygon([SIMD2(9.5, 0.4), SIMD2(11.2, 19.1), SIMD2(1.1, 8.9)])
    path.addPolygon([SIMD2(8, 8), SIMD2(14, 8), SIMD2(14, 14), SIMD2(8, 14)])
    let mask = Rasterizer.coverage(ofOverlapping: path, clip: (0, 0, 20, 20))
    for pixel in TestTier.cases(0..<400, fastTierEvery: 5) {
        let (x, y) = (pixel % 20, pixel / 20)
        var inside = 0
        for sy in 0..<64 {
            for sx in 0..<64 {
                let p = SIMD2(Double(x) + (Double(sx) + 0.5) / 64, Double(y) + (Double(sy) + 0.5) / 64)
                if path.contains(p, evenOdd: false) { inside += 1 }
            }
        }
        let expected = Double(inside) / 4096 * 255
        expect(abs(Double(value(mask, x, y)) - expected) <= 3, "pixel (\(x), \(y))")
    }
}

/// A rectangle stroked as the union of its sides' rectangles and miter joins is the frame
/// between the rectangle grown and shrunk by half the width.
@Test func aRectanglesSegmentUnionIsItsFrame() {
    let square = [SIMD2(10.3, 10.6), SIMD2(60.3, 10.6), SIMD2(60.3, 40.6), SIMD2(10.3, 40.6)]
    let union = Stroker.segmentUnion(ofClosed: square, width: 3)
    var frame = Path(polygon: [SIMD2(8.8, 9.1), SIMD2(61.8, 9.1), SIMD2(61.8, 42.1), SIMD2(8.8, 42.1)])
    frame.append(
        Path(polygon: [SIMD2(11.8, 12.1), SIMD2(58.8, 12.1), SIMD2(58.8, 39.1), SIMD2(11.8, 39.1)]).reversed()
    )
    let a = Rasterizer.coverage(ofOverlapping: union, clip: (0, 0, 70, 50))
    let b = Rasterizer.coverage(of: frame, clip: (0, 0, 70, 50))
    for y in 0..<50 {
        for x in 0..<70 {
            expect(abs(value(a, x, y) - value(b, x, y)) <= 2, "pixel (\(x), \(y))")
        }
    }
}

/// A polygon that doubles back along a line (a rounded rect whose corners overlap along a
/// short side) gets no join at the reversal: the stroke ends square there, where two offset
/// loops would join round the turn.
@Test func aReversalGetsNoJoin() {
    // Out along y = 10 to x = 40, back to x = 20, then down and round.
    let points = [SIMD2(10.0, 10), SIMD2(40, 10), SIMD2(20, 10), SIMD2(20, 30), SIMD2(10, 30)]
    let mask = Rasterizer.coverage(
        ofOverlapping: Stroker.segmentUnion(ofClosed: points, width: 4), clip: (0, 0, 50, 50))
    expect(value(mask, 39, 9) == 255)  // the bar's end, inside
    expect(value(mask, 41, 9) == 0)  // past it: square, no join
    expect(value(mask, 30, 7) == 0)  // above the bar, beyond half the width
}

/// Core Graphics strokes the chords it cuts a curve into, but lays a butt cap across the curve's
/// own tangent, not across the last chord: two open subpaths that meet end to end on a circle
/// (an app stroking a rounded outline edge by edge) close up, as iOS 14's references of
/// gabrieloc/roundrect show, where caps across the chords left a wedge open on the outer side.
@Test func coreGraphicsButtCapsLieAcrossTheCurvesTangent() {
    let whole = circle(SIMD2(50, 50), 30)
    // The same circle as two open halves, each ending where the other begins.
    let halves = [.move(SIMD2(80, 50))] + whole[1...2] + [.move(SIMD2(20, 50))] + whole[3...4]
    func mask(_ e: [Path.Element]) -> CoverageMask {
        let outline = Stroker.outline(
            of: e, style: StrokeStyle(lineWidth: 8), coreGraphicsChordsThrough: .identity)
        return Rasterizer.coverage(of: outline, clip: (0, 0, 100, 100))
    }
    let (closed, open) = (mask(whole), mask(halves))
    var worst = 0
    for y in 0..<100 {
        for x in 0..<100 { worst = max(worst, abs(value(closed, x, y) - value(open, x, y))) }
    }
    // The closed circle has a miter join at the seam; the halves' caps meet along one line.
    expect(worst <= 1, "worst \(worst)")
    expect(value(open, 81, 50) == 255 && value(open, 18, 49) == 255)
}

/// A point repeated up to rounding (an arc's end from its angle, then a line to the point it
/// was aimed at) is one point: the tiny step between them has no direction to join by.
@Test func aStepOfRoundingIsNoStep() {
    let exact = line([SIMD2(10, 50), SIMD2(50, 50), SIMD2(50, 50), SIMD2(90, 50)])
    let rounded = line([SIMD2(10, 50), SIMD2(50, 50), SIMD2(50 + 1e-12, 50 - 1e-12), SIMD2(90, 50)])
    let a = strokeMask(exact, StrokeStyle(lineWidth: 6))
    let b = strokeMask(rounded, StrokeStyle(lineWidth: 6))
    expect(a.data == b.data && a.x == b.x && a.y == b.y && a.width == b.width)
    // Nor does it turn the square cap across a curve's end as Core Graphics strokes it.
    let square = StrokeStyle(lineWidth: 6, lineCap: .square)
    let curve: [Path.Element] = [
        .move(SIMD2(10, 50)), .curve(SIMD2(50, 50), control1: SIMD2(20, 40), control2: SIMD2(40, 50)),
    ]
    func cg(_ e: [Path.Element]) -> CoverageMask {
        Rasterizer.coverage(
            of: Stroker.outline(of: e, style: square, coreGraphicsChordsThrough: .identity),
            clip: (0, 0, 100, 100))
    }
    let c = cg(curve + [.line(SIMD2(50 + 1e-12, 50 + 1e-13))])
    let d = cg(curve)
    expect(c.data == d.data && c.x == d.x && c.y == d.y && c.width == d.width)
}
