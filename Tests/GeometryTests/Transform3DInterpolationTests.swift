import TestTiers
import Testing

@testable import FrameGenGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func close(_ a: Double, _ b: Double, _ tol: Double = 1e-12) -> Bool { abs(a - b) <= tol }

private func expectRotationZ(_ m: Transform3D, degrees: Double) {
    let a = radians(degrees)
    expect(close(m.m11, cos(a)) && close(m.m12, sin(a)))
    expect(close(m.m21, -sin(a)) && close(m.m22, cos(a)))
    expect(m.isAffine)
}

@Test func rotationMidpointIsHalfTheAngle() {
    let to = Transform3D.makeRotation(radians(90), 0, 0, 1)
    expectRotationZ(Transform3D.interpolate(from: .identity, to: to, progress: 0.5), degrees: 45)
    // Slerp has constant angular speed: a quarter of 120 degrees is 30.
    let to120 = Transform3D.makeRotation(radians(120), 0, 0, 1)
    expectRotationZ(Transform3D.interpolate(from: .identity, to: to120, progress: 0.25), degrees: 30)
    // Spring overshoot extrapolates along the arc: 110 % of 90 degrees.
    expectRotationZ(Transform3D.interpolate(from: .identity, to: to, progress: 1.1), degrees: 99)
}

@Test func fullTurnPlusThreeDegreesGoesTheShortWay() {
    let to = Transform3D.makeRotation(radians(363), 0, 0, 1)
    expectRotationZ(Transform3D.interpolate(from: .identity, to: to, progress: 0.5), degrees: 1.5)
    // Between two album tilts, -3 and 2pi + 2 degrees: 5 degrees apart, never a full turn.
    let a = Transform3D.makeRotation(radians(-3), 0, 0, 1)
    let b = Transform3D.makeRotation(2 * .pi + radians(2), 0, 0, 1)
    for i in 0...10 {
        let t = Double(i) / 10
        expectRotationZ(Transform3D.interpolate(from: a, to: b, progress: t), degrees: -3 + 5 * t)
    }
}

@Test func shortestPathAcrossHalfATurn() {
    // 170 -> -170 degrees about z is 20 degrees through 180, not 340 through 0: the two
    // quaternions (w >= 0 both) have a negative dot product and slerp flips one.
    let a = Transform3D.makeRotation(radians(170), 0, 0, 1)
    let b = Transform3D.makeRotation(radians(-170), 0, 0, 1)
    expectRotationZ(Transform3D.interpolate(from: a, to: b, progress: 0.5), degrees: 180)
    expectRotationZ(Transform3D.interpolate(from: a, to: b, progress: 0.25), degrees: 175)
    // The same for the quaternions directly, whatever their signs.
    let qa = Quaternion(angle: radians(10), 0, 0, 1)
    let qb = -Quaternion(angle: radians(30), 0, 0, 1)
    let mid = Quaternion.slerp(from: qa, to: qb, progress: 0.5)
    expect(abs(mid.angle - radians(20)) < 1e-12 || abs(mid.angle - (2 * .pi - radians(20))) < 1e-12)
    expect(maxDifference(Transform3D.makeRotation(mid), .makeRotation(radians(20), 0, 0, 1)) < 1e-12)
}

@Test func scaleTranslationAndPerspectiveInterpolateLinearly() {
    let s = Transform3D.interpolate(from: .identity, to: .makeScale(2, 2, 2), progress: 0.5)
    expect(s == Transform3D.makeScale(1.5, 1.5, 1.5))
    let t = Transform3D.interpolate(
        from: .makeTranslation(10, 20, 0), to: .makeTranslation(30, -20, 8), progress: 0.25)
    expect(t == Transform3D.makeTranslation(15, 10, 2))
    var p = Transform3D.identity
    p.m34 = -1.0 / 500
    var half = Transform3D.identity
    half.m34 = -1.0 / 1000
    expect(Transform3D.interpolate(from: .identity, to: p, progress: 0.5) == half)
}

@Test func combinedMidpointMatchesTheParts() {
    // from: identity; to: scale 2, then rotate 60 degrees about y, then move (100, 0, 0), with
    // m34 = -1/500 (the CA idiom). At 0.5: scale 1.5, 30 degrees, (50, 0, 0), m34 -1/1000.
    var p = Transform3D.identity
    p.m34 = -1.0 / 500
    let to = Transform3D.makeScale(2, 2, 2)
        .concatenating(.makeRotation(radians(60), 0, 1, 0))
        .concatenating(.makeTranslation(100, 0, 0)).concatenating(p)
    var pHalf = Transform3D.identity
    pHalf.m34 = -1.0 / 1000
    let expected = Transform3D.makeScale(1.5, 1.5, 1.5)
        .concatenating(.makeRotation(radians(30), 0, 1, 0))
        .concatenating(.makeTranslation(50, 0, 0)).concatenating(pHalf)
    let mid = Transform3D.interpolate(from: .identity, to: to, progress: 0.5)
    expect(maxDifference(mid, expected) < 1e-12)
}

@Test func endpointsAreExact() {
    var r = SeededRandom(seed: 3)
    let a = randomComposition(&r)
    let b = randomComposition(&r)
    expect(Transform3D.interpolate(from: a, to: b, progress: 0) == a)
    expect(Transform3D.interpolate(from: a, to: b, progress: 1) == b)
    expect(Transform3D.interpolate(from: a, to: a, progress: 0.3) == a)
    // Continuity near the ends (the decomposition recomposes to the same matrix).
    expect(maxDifference(Transform3D.interpolate(from: a, to: b, progress: 1e-9), a) < 1e-6)
    expect(maxDifference(Transform3D.interpolate(from: a, to: b, progress: 1 - 1e-9), b) < 1e-6)
}

@Test func undecomposableEndsSwitchAtHalf() {
    let zero = Transform3D.makeScale(0, 0, 1)
    let r = Transform3D.makeRotation(1, 0, 0, 1)
    expect(Transform3D.interpolate(from: zero, to: r, progress: 0.49) == zero)
    expect(Transform3D.interpolate(from: zero, to: r, progress: 0.5) == r)
    expect(Transform3D.interpolate(from: r, to: zero, progress: 0.75) == zero)
}

@Test func aFlipSquashesThroughALine() {
    // scale(-1, 1) -> identity: x scale passes 0 at the midpoint while y stays 1.
    let mid = Transform3D.interpolate(from: .makeScale(-1, 1, 1), to: .identity, progress: 0.5)
    expect(mid == Transform3D.makeScale(0, 1, 1))
}

@Test func quaternionOfAngleAxisMatchesMakeRotation() {
    var r = SeededRandom(seed: 11)
    for _ in 0..<100 {
        let (a, x, y, z) = (r.next(in: -7, 7), r.next(in: -1, 1), r.next(in: -1, 1), r.next(in: -1, 1))
        let q = Quaternion(angle: a, x, y, z)
        expect(maxDifference(Transform3D.makeRotation(q), .makeRotation(a, x, y, z)) < 1e-14)
    }
}
