import Geometry
import Testing

@testable import Raster

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
            #expect(fast == full, "shape \(shape) \(rule)")
            if fast.data.contains(where: { $0 != 0 && $0 != 255 }) { checked += 1 }
        }
    }
    #expect(checked > 100)
    // A rect's row: the interior run is filled with 255 between its two edge columns.
    let rect = Rasterizer.coverage(
        of: Shapes.rect(Rect(x: 2.5, y: 1, width: 10, height: 3)), clip: (0, 0, 20, 5))
    #expect(
        rect[2, 2] == 128 && rect[3, 2] == 255 && rect[11, 2] == 255 && rect[12, 2] == 128 && rect[13, 2] == 0
    )
}
