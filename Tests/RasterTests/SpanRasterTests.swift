import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenRaster

/// Filling only the columns edges touched must give exactly the full prefix sum's bytes.
@Test func touchedColumnRunsGiveTheFullSumsBytes() {
    var random = SeededRandom(seed: 11)
    var checked = 0
    for shape in 0..<60 {
        var path = Path()
        // Overlapping, self-intersecting polygons, partly outside the clip.
        for _ in 0..<(1 + shape % 3) {
            var points: [SIMD2<Double>] = []
            for _ in 0..<(3 + shape % 7) {
                points.append(SIMD2(random.next(in: -20, 120), random.next(in: -10, 110)))
            }
            path.addPolygon(points)
        }
        for rule in [FillRule.nonZero, .evenOdd] {
            let clip = (0, 0, 100, 100)
            let fast = Rasterizer.coverage(of: path, fillRule: rule, clip: clip, antialiased: true, runs: 256)
            let full = Rasterizer.coverage(of: path, fillRule: rule, clip: clip, antialiased: true, runs: 0)
            expect(fast == full, "shape \(shape) \(rule)")
            if fast.data.contains(where: { $0 != 0 && $0 != 255 }) { checked += 1 }
        }
    }
    expect(checked > 100)
    // A rect's row: the interior run is filled with 255 between its two edge columns.
    let rect = Rasterizer.coverage(
        of: Shapes.rect(Rect(x: 2.5, y: 1, width: 10, height: 3)), clip: (0, 0, 20, 5))
    expect(
        rect[2, 2] == 128 && rect[3, 2] == 255 && rect[11, 2] == 255 && rect[12, 2] == 128 && rect[13, 2] == 0
    )
}

/// An axis-aligned rectangle's rows between its top and bottom edges are computed once and
/// copied: the bytes must be those of computing every row.
@Test func repeatedRectangleRowsGiveEveryRowsBytes() {
    var random = SeededRandom(seed: 23)
    var repeated = 0
    for shape in 0..<400 {
        // Whole, half and arbitrary coordinates, partly outside the clip, some under a pixel.
        func coordinate(_ lo: Double, _ hi: Double) -> Double {
            let v = random.next(in: lo, hi)
            switch shape % 4 {
            case 0: return v.rounded()
            case 1: return (v * 2).rounded() / 2
            default: return v
            }
        }
        var path = Path()
        let (x0, y0) = (coordinate(-20, 90), coordinate(-20, 90))
        let (x1, y1) = (x0 + coordinate(0.2, 60), y0 + coordinate(0.2, 60))
        // Either orientation; sometimes a second rectangle over the same rows (a frame).
        let corners = [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x1, y1), SIMD2(x0, y1)]
        path.addPolygon(shape % 3 == 0 ? corners.reversed() : corners)
        if shape % 5 == 0 {
            let inset = random.next(in: 0, (x1 - x0) / 2)
            path.addPolygon([
                SIMD2(x0 + inset, y0), SIMD2(x1 - inset, y0), SIMD2(x1 - inset, y1), SIMD2(x0 + inset, y1),
            ])
        }
        let cx = Int(random.next(in: -5, 40))
        let cy = Int(random.next(in: -5, 40))
        let clip = (cx, cy, cx + Int(random.next(in: 1, 80)), cy + Int(random.next(in: 1, 80)))
        for rule in [FillRule.nonZero, .evenOdd] {
            for aa in [true, false] {
                let fast = Rasterizer.coverage(
                    of: path, fillRule: rule, clip: clip, antialiased: aa, runs: 256)
                let every = Rasterizer.coverage(
                    of: path, fillRule: rule, clip: clip, antialiased: aa, runs: 256, repeatRows: false)
                let reference = Rasterizer.coverage(
                    of: path, fillRule: rule, clip: clip, antialiased: aa, runs: 0, repeatRows: false)
                expect(fast == every && every == reference, "shape \(shape) \(rule) aa \(aa)")
                if fast.height > 3 { repeated += 1 }
            }
        }
    }
    expect(repeated > 400)
}
