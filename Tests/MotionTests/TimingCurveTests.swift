import TestTiers
import Testing

@testable import FrameGenMotion

/// The Bézier definition written out independently of the implementation:
/// B(s) = 3(1-s)^2 s p1 + 3(1-s) s^2 p2 + s^3.
private func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
}

private let presets: [(TimingCurve, Double, Double, Double, Double)] = [
    (.linear, 0, 0, 1, 1),
    (.easeIn, 0.42, 0, 1, 1),
    (.easeOut, 0, 0, 0.58, 1),
    (.easeInEaseOut, 0.42, 0, 0.58, 1),
    (.default, 0.25, 0.1, 0.25, 1),
]

@Test func presetsFollowTheBezierDefinition() {
    for (curve, x1, y1, x2, y2) in presets {
        for i in 0...40 {
            let s = Double(i) / 40
            let x = bernstein(s, x1, x2)
            let y = bernstein(s, y1, y2)
            expect(abs(curve.progress(x) - y) < 1e-6, "\(curve) at s = \(s)")
        }
    }
}

@Test func customCurvesFollowTheBezierDefinition() {
    let curves: [(Double, Double, Double, Double)] = [
        (0.68, -0.55, 0.265, 1.55),  // overshoots both ends
        (0.9, 0, 0.1, 1),  // steep middle
        (0, 0.8, 1, 0.2),  // x'(0) = 0
        (1, 0, 0, 1),
        (0.1, 0.7, 0.1, 1),
    ]
    for (x1, y1, x2, y2) in curves {
        let curve = TimingCurve.cubic(CubicBezier(x1, y1, x2, y2))
        for i in 1..<50 {
            let s = Double(i) / 50
            let x = bernstein(s, x1, x2)
            let y = bernstein(s, y1, y2)
            expect(abs(curve.progress(x) - y) < 1e-6, "(\(x1), \(y1), \(x2), \(y2)) at s = \(s)")
            // The solver's own contract: x(s) = t to 1e-7 or better.
            let b = CubicBezier(x1, y1, x2, y2)
            expect(abs(bernstein(b.parameter(forX: x), x1, x2) - x) < 1e-7)
        }
    }
}

@Test func curvesAreExactAtTheEnds() {
    for (curve, _, _, _, _) in presets {
        expect(curve.progress(0) == 0 && curve.progress(1) == 1)
        expect(curve.progress(-0.5) == 0 && curve.progress(1.5) == 1)
        expect(curve.progress(.nan) == 0)
    }
    expect(TimingCurve.linear.progress(0.3) == 0.3)
}

@Test func easeInEaseOutIsSymmetric() {
    for i in 0...20 {
        let t = Double(i) / 20
        let c = TimingCurve.easeInEaseOut
        expect(abs(c.progress(t) + c.progress(1 - t) - 1) < 1e-9)
    }
}

@Test func presetNames() {
    expect(TimingCurve(name: "easeInEaseOut") == .easeInEaseOut)
    expect(TimingCurve(name: "default") == .default)
    expect(TimingCurve(name: "linear") == .linear)
    expect(TimingCurve(name: "easeIn") == .easeIn)
    expect(TimingCurve(name: "easeOut") == .easeOut)
    expect(TimingCurve(name: "easeInOut") == nil)
    expect(TimingCurve(name: "spring") == nil)
}

@Test func controlPointXIsClamped() {
    let b = CubicBezier(-1, 0, 2, 1)
    expect(b.x1 == 0 && b.x2 == 1)
    let n = CubicBezier(.nan, .infinity, 0.5, 1)
    expect(n.x1 == 0 && n.y1 == 0)
}

@Test func layoutEasings() {
    // docs/design/motion.md §1.3, at hand-computed points.
    expect(LayoutEasing.quadraticEaseInOut(0.25) == 0.125)
    expect(LayoutEasing.quadraticEaseInOut(0.75) == 0.875)  // -2(9/16) + 3 - 1
    expect(LayoutEasing.quadraticEaseInOut(0.5) == 0.5)
    expect(LayoutEasing.quadraticEaseIn(0.5) == 0.25)
    expect(LayoutEasing.cubicEaseInOut(0.25) == 0.0625)  // (0.5)^3 / 2
    expect(LayoutEasing.cubicEaseInOut(0.75) == 0.9375)  // (-0.5)^3 / 2 + 1
    expect(abs(LayoutEasing.logarithmicEaseIn(1) - 1) < 1e-15)
    expect(abs(LayoutEasing.logarithmicEaseIn(0.1) - 0.27875360095282896) < 1e-15)  // log10(1.9)
    expect(LayoutEasing.logarithmicEaseOut(0) == 0)
    expect(abs(LayoutEasing.logarithmicEaseOut(1) - 1) < 1e-15)
    for f in [
        LayoutEasing.quadraticEaseInOut, LayoutEasing.quadraticEaseIn, LayoutEasing.cubicEaseInOut,
        LayoutEasing.logarithmicEaseIn, LayoutEasing.logarithmicEaseOut,
    ] {
        expect(f(0) == 0 && abs(f(1) - 1) < 1e-15)
    }
}

@Test func layoutEasingClampsProgressOutsideTheAnimation() {
    expect(LayoutEasing.quadraticEaseInOut(0.25) == 0.125)
    expect(LayoutEasing.quadraticEaseInOut(0.75) == 0.875)
    expect(LayoutEasing.quadraticEaseInOut(2) == 1 && LayoutEasing.quadraticEaseInOut(-1) == 0)
    expect(LayoutEasing.cubicEaseInOut(0.25) == 0.0625 && LayoutEasing.cubicEaseInOut(0.75) == 0.9375)
    expect(LayoutEasing.quadraticEaseIn(.nan) == 0)
    expect(LayoutEasing.logarithmicEaseIn(-3) == 0)
}
