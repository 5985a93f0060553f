import TestTiers
import Testing

@testable import FrameGenGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Largest absolute entry difference.
func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
    zip(a.fields, b.fields).map { abs($0 - $1) }.max() ?? 0
}

/// A random composition of every kind of part (scale with either sign, shear, rotation about a
/// random axis, translation, perspective), built from the constructors, not the decomposition.
func randomComposition(_ r: inout SeededRandom) -> Transform3D {
    let sign = { (r: inout SeededRandom) -> Double in r.nextUnit() < 0.5 ? -1 : 1 }
    let scale = Transform3D.makeScale(
        sign(&r) * r.next(in: 0.2, 3), sign(&r) * r.next(in: 0.2, 3), sign(&r) * r.next(in: 0.2, 3))
    var shear = Transform3D.identity
    shear.m21 = r.next(in: -1, 1)
    shear.m31 = r.next(in: -1, 1)
    shear.m32 = r.next(in: -1, 1)
    let rotation = Transform3D.makeRotation(
        r.next(in: -10, 10), r.next(in: -1, 1), r.next(in: -1, 1), r.next(in: -1, 1))
    let translation = Transform3D.makeTranslation(
        r.next(in: -300, 300), r.next(in: -300, 300), r.next(in: -100, 100))
    var perspective = Transform3D.identity
    perspective.m34 = -1 / r.next(in: 300, 1500)
    return scale.concatenating(shear).concatenating(rotation).concatenating(translation)
        .concatenating(perspective)
}

@Test func determinantOfConstructors() {
    expect(Transform3D.makeScale(2, 3, 4).determinant == 24)
    expect(Transform3D.makeTranslation(10, -20, 30).determinant == 1)
    expect(abs(Transform3D.makeRotation(0.7, 1, 2, 3).determinant - 1) < 1e-15)
    var p = Transform3D.identity
    p.m34 = -1.0 / 500
    expect(p.determinant == 1)
    // det(a · b) = det(a) · det(b).
    let a = Transform3D.makeScale(2, -1, 3).rotated(0.3, 0, 1, 0)
    let b = Transform3D.makeTranslation(5, 6, 7).scaled(0.5, 0.5, 2)
    expect(abs(a.concatenating(b).determinant - (-6 * 0.5)) < 1e-14)
}

@Test func inverseOfConstructorsIsTheOppositeConstructor() {
    expect(Transform3D.makeScale(2, 4, 8).inverted() == Transform3D.makeScale(0.5, 0.25, 0.125))
    expect(
        Transform3D.makeTranslation(10, -5, 3).inverted() == Transform3D.makeTranslation(-10, 5, -3))
    let r = Transform3D.makeRotation(radians(30), 0, 0, 1)
    expect(maxDifference(r.inverted(), Transform3D.makeRotation(radians(-30), 0, 0, 1)) < 1e-15)
    // (R·T)^-1 = T^-1 · R^-1 (docs/design/rendering.md §2.3: Rotate(MakeTranslation(100, 0, 0), a) = R·T).
    let rt = Transform3D.makeTranslation(100, 0, 0).rotated(radians(40), 0, 0, 1)
    let expected = Transform3D.makeTranslation(-100, 0, 0)
        .concatenating(Transform3D.makeRotation(radians(-40), 0, 0, 1))
    expect(maxDifference(rt.inverted(), expected) < 1e-13)
}

@Test func inverseRoundTripsForRandomCompositions() {
    var r = SeededRandom(seed: 7)
    for _ in 0..<200 {
        let m = randomComposition(&r)
        expect(m.isInvertible)
        let i = m.inverted()
        expect(maxDifference(m.concatenating(i), .identity) < 1e-9)
        expect(maxDifference(i.concatenating(m), .identity) < 1e-9)
    }
}

@Test func singularMatricesInvertToThemselves() {
    let flat = Transform3D.makeScale(0, 1, 1)
    expect(!flat.isInvertible)
    expect(flat.inverted() == flat)
    // det 1e-9 is below the documented 1e-8; det 1e-6 is above it.
    let tiny = Transform3D.makeScale(1e-3, 1e-3, 1e-3)
    expect(tiny.inverted() == tiny)
    let small = Transform3D.makeScale(1e-3, 1e-3, 1)
    expect(abs(small.inverted().m11 - 1000) < 1e-9)
    var nan = Transform3D.identity
    nan.m12 = .nan
    expect(nan.inverted().fields[1].isNaN)
}

@Test func perspectiveInverse() {
    // [x y z 1] · P with m34 = -1/d gives w = 1 - z/d; the inverse has m34 = +1/d.
    var p = Transform3D.identity
    p.m34 = -1.0 / 500
    var expected = Transform3D.identity
    expected.m34 = 1.0 / 500
    expect(p.inverted() == expected)
}
