import TestTiers
import Testing

@testable import FrameGenMotion

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Test func underdampedMatchesTheClosedForm() {
    // CASpringAnimation defaults: m 1, k 100, c 10: beta 5, omega_d sqrt(75).
    let s = DampedSpring(mass: 1, stiffness: 100, damping: 10)!
    expect(s.dampingRatio == 0.5)
    let wd = 75.0.squareRoot()
    let (x0, v0) = (1.0, -2.0)
    for t in [0.0, 0.05, 0.1, 0.37, 0.8, 1.5] {
        let expected = exp(-5 * t) * (x0 * cos(wd * t) + (v0 + 5 * x0) / wd * sin(wd * t))
        expect(abs(s.displacement(at: t, initialDisplacement: x0, initialVelocity: v0) - expected) < 1e-14)
    }
}

@Test func criticallyDampedMatchesTheClosedForm() {
    let s = DampedSpring.scrollView
    expect(s.dampingRatio == 1)
    let (x0, v0) = (-80.0, 300.0)
    for t in [0.0, 0.05, 0.2, 0.5, 1.0] {
        let expected = exp(-10 * t) * (x0 + (v0 + 10 * x0) * t)
        expect(abs(s.displacement(at: t, initialDisplacement: x0, initialVelocity: v0) - expected) < 1e-12)
    }
}

@Test func overdampedMatchesTheClosedForm() {
    // m 1, k 100, c 50: r = -25 ± sqrt(625 - 100).
    let s = DampedSpring(mass: 1, stiffness: 100, damping: 50)!
    let r1 = -25 + 525.0.squareRoot()
    let r2 = -25 - 525.0.squareRoot()
    let (x0, v0) = (1.0, 3.0)
    let c2 = (v0 - r1 * x0) / (r2 - r1)
    let c1 = x0 - c2
    for t in [0.0, 0.01, 0.1, 0.5, 2.0] {
        let expected = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        expect(abs(s.displacement(at: t, initialDisplacement: x0, initialVelocity: v0) - expected) < 1e-12)
    }
}

@Test func everyRegimeSolvesTheEquationOfMotion() {
    // m x'' + c x' + k x = 0 by central differences of the implementation's x(t), and the
    // velocity is the derivative of the displacement.
    for (m, k, c) in [(1.0, 100.0, 10.0), (2.0, 300.0, 2 * (600.0).squareRoot()), (0.5, 40.0, 30.0)] {
        let s = DampedSpring(mass: m, stiffness: k, damping: c)!
        let x = { (t: Double) in s.displacement(at: t, initialDisplacement: 0.7, initialVelocity: -4) }
        expect(x(0) == 0.7)
        expect(abs(s.velocity(at: 0, initialDisplacement: 0.7, initialVelocity: -4) + 4) < 1e-12)
        let h = 1e-4
        for t in [0.03, 0.2, 0.6] {
            let a = (x(t + h) - 2 * x(t) + x(t - h)) / (h * h)
            let v = (x(t + h) - x(t - h)) / (2 * h)
            expect(abs(m * a + c * v + k * x(t)) < 1e-4 * k)
            expect(abs(s.velocity(at: t, initialDisplacement: 0.7, initialVelocity: -4) - v) < 1e-4)
        }
    }
}

@Test func settlingTimes() {
    // Critically damped: the exact last time |x| = threshold.
    let s = DampedSpring.scrollView
    let t = s.settlingTime(initialDisplacement: 100, initialVelocity: 0, threshold: 0.5)
    let x = { (t: Double) in abs(s.displacement(at: t, initialDisplacement: 100, initialVelocity: 0)) }
    expect(abs(x(t) - 0.5) < 1e-9)
    expect(x(t + 0.01) < 0.5 && x(t - 0.01) > 0.5)
    // Overshooting critically damped motion (fast toward the target): the crossing after the
    // overshoot's extremum.
    let t2 = s.settlingTime(initialDisplacement: 100, initialVelocity: -5000, threshold: 0.5)
    let x2 = { (t: Double) in s.displacement(at: t, initialDisplacement: 100, initialVelocity: -5000) }
    expect(abs(abs(x2(t2)) - 0.5) < 1e-9 && x2(t2) < 0)
    // Underdamped: the envelope A e^(-beta t) reaches the threshold.
    let u = DampedSpring(mass: 1, stiffness: 100, damping: 10)!
    let tu = u.settlingTime(initialDisplacement: 1, initialVelocity: 0, threshold: 0.001)
    let a = (1 + 25.0 / 75).squareRoot()
    expect(abs(a * exp(-5 * tu) - 0.001) < 1e-12)
    // Never reaches the threshold.
    expect(s.settlingTime(initialDisplacement: 0.1, initialVelocity: 0, threshold: 0.5) == 0)
}

@Test func uiKitSpringReconstruction() {
    // v = 0: the envelope equation has the closed form k = (ln(1000 zeta/sqrt(1 - zeta^2))/(zeta T))^2.
    let c = SpringCurve(duration: 0.5, dampingRatio: 0.7)!
    let k = pow(log(1000 * 0.7 / (1 - 0.49).squareRoot()) / (0.7 * 0.5), 2)
    expect(abs(c.spring.stiffness - k) < 1e-9 * k)
    expect(abs(c.spring.stiffness - 387.3) < 0.1)  // docs/design/motion.md §2.2's example
    expect(abs(c.spring.damping - 27.55) < 0.01)
    expect(c.spring.mass == 1)
    // With an initial velocity the solved omega0 satisfies the envelope equation.
    for (zeta, v) in [(0.5, 3.0), (0.8, -2.0), (1.0, 4.0), (1.0, 0.0), (0.3, 2.0)] {
        let s = SpringCurve(duration: 0.6, dampingRatio: zeta, initialVelocity: v)!
        let w = s.spring.undampedAngularFrequency
        let g =
            zeta >= 1
            ? exp(-w * 0.6) * ((w - v) * 0.6 + 1)
            : (zeta * w - v) / (w * (1 - zeta * zeta).squareRoot()) * exp(-zeta * w * 0.6)
        expect(abs(g - 0.001) < 1e-9, "zeta \(zeta) v \(v)")
        expect(abs(s.spring.dampingRatio - zeta) < 1e-12)
        // Falling side of the envelope: larger omega0 gives a smaller envelope.
        let g2 =
            zeta >= 1
            ? exp(-w * 1.01 * 0.6) * ((w * 1.01 - v) * 0.6 + 1)
            : (zeta * w * 1.01 - v) / (w * 1.01 * (1 - zeta * zeta).squareRoot())
                * exp(-zeta * w * 1.01 * 0.6)
        expect(g2 < g)
    }
    // zeta 0.3, v 10, T 0.6: the envelope's peak is already below 0.001, so no omega0 meets
    // the equation; the peak is used (neighbours on both sides are lower).
    let p = SpringCurve(duration: 0.6, dampingRatio: 0.3, initialVelocity: 10)!
    let wp = p.spring.undampedAngularFrequency
    let env = { (w: Double) in (0.3 * w - 10) / (w * (1 - 0.09).squareRoot()) * exp(-0.3 * w * 0.6) }
    expect(env(wp) < 0.001 && env(wp * 1.01) < env(wp) && env(wp * 0.99) < env(wp))
    expect(SpringCurve(duration: 0, dampingRatio: 0.5) == nil)
    expect(SpringCurve(duration: 1, dampingRatio: -1) == nil)
    expect(SpringCurve(duration: 1, dampingRatio: 3)!.spring.dampingRatio == 1)
}

@Test func springCurveProgress() {
    let c = SpringCurve(duration: 0.5, dampingRatio: 0.7, initialVelocity: 2)!
    let beta = c.spring.damping / 2
    let wd = c.spring.undampedAngularFrequency * (1 - 0.49).squareRoot()
    for t in [0.1, 0.3, 0.5, 0.9] {
        // progress = 1 - x(t·T), x(0) = 1, x'(0) = -2.
        let time = t * 0.5
        let x = exp(-beta * time) * (cos(wd * time) + (-2 + beta) / wd * sin(wd * time))
        // Up to the leftover of at most 0.001 that settling takes away along a smoothstep.
        let leftover = 1 - c.value(atTime: 0.5)
        expect(abs(c.progress(t) - (1 - x + leftover * t * t * (3 - 2 * t))) < 1e-12)
    }
    // docs/layouts-and-motion.md "Settling": the curve reaches 1 continuously (no jump of the leftover at the
    // end).
    let short = SpringCurve(mass: 1, stiffness: 100, damping: 10, duration: 0.4)!
    expect(abs(1 - short.value(atTime: 0.4)) > 0.01)
    expect(abs(short.progress(1 - 1e-9) - 1) < 1e-6)
    expect(c.progress(0) == 0 && c.progress(1) == 1)
    expect(abs(c.velocity(atTime: 0) - 2) < 1e-12)
    expect(TimingCurve.spring(c).progress(0.3) == c.progress(0.3))
    // CASpringAnimation defaults run to their settling duration.
    let d = SpringCurve()!
    expect(d.duration == d.settlingDuration)
    expect(abs(d.value(atTime: d.duration) - 1) <= 0.001)
    expect(SpringCurve(mass: 1, stiffness: 100, damping: 0) == nil)
    expect(DampedSpring(mass: 0, stiffness: 1, damping: 1) == nil)
    expect(DampedSpring(mass: 1, stiffness: .nan, damping: 1) == nil)
}
