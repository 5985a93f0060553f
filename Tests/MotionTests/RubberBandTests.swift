import TestTiers
import Testing

@testable import FrameGenMotion

@Test func rubberBandOffsets() {
    // docs/design/motion.md §3.4: b = x c d / (d + c x), c = 0.55. d = 800, x = 200 gives 96.7 pt.
    let b = RubberBand.offset(forOvershoot: 200, dimension: 800)
    expect(b == 200 * 0.55 * 800 / (800 + 0.55 * 200))
    expect(abs(b - 96.70) < 0.01)
    expect(RubberBand.offset(forOvershoot: 0, dimension: 800) == 0)
    expect(RubberBand.offset(forOvershoot: -200, dimension: 800) == -b)
    // Slope c at the edge, tends to d.
    expect(abs(RubberBand.offset(forOvershoot: 1e-6, dimension: 800) / 1e-6 - 0.55) < 1e-6)
    expect(RubberBand.offset(forOvershoot: 1e9, dimension: 800) < 800)
    expect(RubberBand.offset(forOvershoot: 1e9, dimension: 800) > 799.99)
    expect(RubberBand.offset(forOvershoot: .infinity, dimension: 800) == 800)
    // d = 667 (iPhone height), x = 100: 36 685 / 722 = 50.81 pt.
    expect(abs(RubberBand.offset(forOvershoot: 100, dimension: 667) - 36685.0 / 722) < 1e-12)
    expect(RubberBand.offset(forOvershoot: 50, dimension: 0) == 0)
    // The inverse.
    for x in [0.0, 3, 120, 5000] {
        let y = RubberBand.offset(forOvershoot: x, dimension: 600)
        expect(abs(RubberBand.overshoot(forOffset: y, dimension: 600) - x) < 1e-9 * max(1, x))
    }
    expect(RubberBand.overshoot(forOffset: 600, dimension: 600) == .infinity)
}

@Test func dragTracksOneToOneInsideAndBandsOutside() {
    let d = ScrollDrag(startOffset: 100, minOffset: 0, maxOffset: 1000, dimension: 600)
    expect(d.offset(forTranslation: 50) == 150)
    expect(d.offset(forTranslation: -100) == 0)
    expect(d.offset(forTranslation: 900) == 1000)
    // 200 past the top and 300 past the bottom.
    expect(d.offset(forTranslation: -300) == -(200 * 0.55 * 600 / (600 + 0.55 * 200)))
    expect(d.offset(forTranslation: 1200) == 1000 + 300 * 0.55 * 600 / (600 + 0.55 * 300))
    // A drag starting rubber-banded continues without a jump.
    let start = d.offset(forTranslation: -300)
    let e = ScrollDrag(startOffset: start, minOffset: 0, maxOffset: 1000, dimension: 600)
    expect(abs(e.offset(forTranslation: 0) - start) < 1e-9)
    expect(abs(e.offset(forTranslation: -50) - d.offset(forTranslation: -350)) < 1e-9)
    expect(abs(e.offset(forTranslation: 400) - d.offset(forTranslation: 100)) < 1e-9)
}
