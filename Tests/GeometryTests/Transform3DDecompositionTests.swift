import TestTiers
import Testing

@testable import FrameGenGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func close(_ a: Double, _ b: Double, _ tol: Double = 1e-12) -> Bool { abs(a - b) <= tol }

@Test func rotationDecomposesToItsQuaternion() {
    // docs/design/rendering.md §2.2: rotation by a about the unit axis (x, y, z); the quaternion is
    // (axis · sin(a/2), cos(a/2)).
    let a = radians(50)
    let (x, y, z) = (2.0 / 7, 3.0 / 7, 6.0 / 7)
    let m = Transform3D.makeRotation(a, 2, 3, 6)
    let d = try! #require(m.decomposed)
    expect(close(d.rotation.x, x * sin(a / 2)))
    expect(close(d.rotation.y, y * sin(a / 2)))
    expect(close(d.rotation.z, z * sin(a / 2)))
    expect(close(d.rotation.w, cos(a / 2)))
    expect(d.scale == SIMD3(1, 1, 1) || maxAbs(d.scale - SIMD3(1, 1, 1)) < 1e-12)
    // The quaternion's matrix has docs/design/rendering.md §2.2's entries.
    let c = cos(a)
    let s = sin(a)
    let r = Transform3D.makeRotation(d.rotation)
    expect(close(r.m11, c + (1 - c) * x * x))
    expect(close(r.m12, (1 - c) * x * y + s * z))
    expect(close(r.m13, (1 - c) * x * z - s * y))
    expect(close(r.m21, (1 - c) * x * y - s * z))
    expect(close(r.m22, c + (1 - c) * y * y))
    expect(close(r.m23, (1 - c) * y * z + s * x))
    expect(close(r.m31, (1 - c) * x * z + s * y))
    expect(close(r.m32, (1 - c) * y * z - s * x))
    expect(close(r.m33, c + (1 - c) * z * z))
}

private func maxAbs(_ v: SIMD3<Double>) -> Double { max(abs(v.x), abs(v.y), abs(v.z)) }

@Test func concatOrderExamplesDecompose() {
    // Rotate(MakeTranslation(100, 0, 0), a, z) = R · T: rotate about the anchor, then move 100.
    let a = radians(30)
    let rt = Transform3D.makeTranslation(100, 0, 0).rotated(a, 0, 0, 1)
    let d1 = try! #require(rt.decomposed)
    expect(d1.translation == SIMD3(100, 0, 0))
    expect(close(d1.rotation.angle, a) && close(d1.rotation.z, sin(a / 2)))
    // Translate(MakeRotation(a, z), 100, 0, 0) = T · R: the translation is rotated too, to
    // (100 cos a, 100 sin a, 0).
    let tr = Transform3D.makeRotation(a, 0, 0, 1).translated(100, 0, 0)
    let d2 = try! #require(tr.decomposed)
    expect(close(d2.translation.x, 100 * cos(a)) && close(d2.translation.y, 100 * sin(a)))
    expect(d2.translation.z == 0)
    // docs/design/rendering.md §2.3: identity with m34 = P, then Rotate, then Scale = S · R · P.
    var p = Transform3D.identity
    p.m34 = -1.0 / 800
    let srp = p.rotated(radians(25), 0, 1, 0).scaled(0.8, 0.8, 1)
    let d3 = try! #require(srp.decomposed)
    expect(maxAbs(d3.scale - SIMD3(0.8, 0.8, 1)) < 1e-12)
    expect(close(d3.rotation.y, sin(radians(25) / 2)) && close(d3.rotation.w, cos(radians(25) / 2)))
    expect(close(d3.perspective.z, -1.0 / 800, 1e-15) && close(d3.perspective.w, 1, 1e-15))
    expect(abs(d3.perspective.x) < 1e-15 && abs(d3.perspective.y) < 1e-15)
}

@Test func albumTiltOfAFullTurnPlusThreeDegrees() {
    // docs/design/layouts.md §4.2: angle = 2pi(1 + q); the extra turn is invisible in the matrix.
    let m = Transform3D.makeRotation(2 * .pi + radians(3), 0, 0, 1)
    let d = try! #require(m.decomposed)
    expect(close(d.rotation.angle, radians(3), 1e-12))
    expect(d.rotation.w > 0)
}

@Test func constructedPartsAreRecovered() {
    let parts = Transform3D.Decomposition(
        translation: SIMD3(12, -40, 7), scale: SIMD3(1.5, 0.5, 2), shearXY: 0.25, shearXZ: -0.1,
        shearYZ: 0.3, rotation: Quaternion(angle: 1.1, 1, -2, 0.5),
        perspective: SIMD4(0.001, -0.002, -1.0 / 600, 1.2))
    let m = Transform3D(parts)
    // The same matrix from constructors: Scale · Shear · Rotation · Translation · Perspective.
    var shear = Transform3D.identity
    shear.m21 = 0.25
    shear.m31 = -0.1
    shear.m32 = 0.3
    var persp = Transform3D.identity
    persp.m14 = 0.001
    persp.m24 = -0.002
    persp.m34 = -1.0 / 600
    persp.m44 = 1.2
    let built = Transform3D.makeScale(1.5, 0.5, 2).concatenating(shear)
        .concatenating(Transform3D.makeRotation(1.1, 1, -2, 0.5))
        .concatenating(Transform3D.makeTranslation(12, -40, 7)).concatenating(persp)
    expect(maxDifference(m, built) < 1e-12)
    let d = try! #require(built.decomposed)
    expect(maxAbs(d.translation - parts.translation) < 1e-12)
    expect(maxAbs(d.scale - parts.scale) < 1e-12)
    expect(close(d.shearXY, 0.25) && close(d.shearXZ, -0.1) && close(d.shearYZ, 0.3))
    expect(close(abs(d.rotation.dot(parts.rotation)), 1))
    expect(
        max(
            abs(d.perspective.x - 0.001), abs(d.perspective.y + 0.002),
            abs(d.perspective.z + 1.0 / 600), abs(d.perspective.w - 1.2)) < 1e-12)
}

@Test func decomposeRecomposeRoundTripsForRandomCompositions() {
    var r = SeededRandom(seed: 2024)
    for _ in 0..<500 {
        let m = randomComposition(&r)
        let d = try! #require(m.decomposed)
        expect(maxDifference(Transform3D(d), m) < 1e-9)
        expect(abs(d.rotation.length - 1) < 1e-12)
        // A proper rotation: the reflection, if any, went into exactly one scale sign.
        expect(d.scale.x * d.scale.y * d.scale.z * m.determinant > 0)
    }
    // Arbitrary matrices (every entry random) too, as long as the upper 3x3 is invertible.
    for _ in 0..<500 {
        let m = Transform3D(fields: (0..<16).map { _ in r.next(in: -2, 2) })!
        let d = try! #require(m.decomposed)
        expect(maxDifference(Transform3D(d), m) < 1e-9)
    }
}

@Test func reflectionNegatesTheMostFlippedAxis() {
    let d = try! #require(Transform3D.makeScale(-1, 1, 1).decomposed)
    expect(d.scale == SIMD3(-1, 1, 1) && d.rotation == .identity)
    let e = try! #require(Transform3D.makeScale(1, -2, 1).decomposed)
    expect(e.scale == SIMD3(1, -2, 1) && e.rotation == .identity)
}

@Test func degenerateMatricesDoNotDecompose() {
    expect(Transform3D.makeScale(0, 1, 1).decomposed == nil)
    expect(Transform3D.makeScale(1, 1, 0).decomposed == nil)
    expect(Transform3D(fields: [1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1])!.decomposed == nil)
    var inf = Transform3D.identity
    inf.m41 = .infinity
    expect(inf.decomposed == nil)
}
