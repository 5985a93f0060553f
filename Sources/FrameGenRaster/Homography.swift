import FrameGenGeometry

/// A planar projective map (3 x 3 matrix) in `Transform3D`'s convention, Core Animation's:
/// **row vectors**, `[X Y W] = [x y 1] · M`, then `(X / W, Y / W)`. Row 1 (m11, m12, m13) is
/// the image of the x axis, row 2 of the y axis, row 3 (m31, m32, m33) of the origin: m31 and
/// m32 translate, m13 and m23 are the perspective terms. `a.concatenating(b)` applies a first,
/// as `Transform3D.concatenating` does, and `init(planar:)` keeps a CATransform3D's entries
/// where they are (docs/design/rendering.md §1.3).
public struct Homography: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public init(
        m11: Double, m12: Double, m13: Double,
        m21: Double, m22: Double, m23: Double,
        m31: Double, m32: Double, m33: Double
    ) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// From the coefficients X, Y and W each take of (x, y, 1): the matrix's columns.
    init(xTerms x: SIMD3<Double>, yTerms y: SIMD3<Double>, wTerms w: SIMD3<Double>) {
        self.init(m11: x.x, m12: y.x, m13: w.x, m21: x.y, m22: y.y, m23: w.y, m31: x.z, m32: y.z, m33: w.z)
    }

    /// X's coefficients of (x, y, 1): X = m11 · x + m21 · y + m31. What the pixel loops read.
    var xTerms: SIMD3<Double> { SIMD3(m11, m21, m31) }
    /// Y's coefficients of (x, y, 1).
    var yTerms: SIMD3<Double> { SIMD3(m12, m22, m32) }
    /// W's coefficients of (x, y, 1).
    var wTerms: SIMD3<Double> { SIMD3(m13, m23, m33) }

    public static let identity = Homography(
        m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    public static func translation(_ tx: Double, _ ty: Double) -> Homography {
        Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Homography {
        Homography(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    /// The map of a planar layer (z = 0) under a CATransform3D: the z row and column only
    /// touch z, so dropping them is exact (docs/design/rendering.md §1.3).
    public init(planar t: Transform3D) {
        self.init(
            m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24, m31: t.m41, m32: t.m42,
            m33: t.m44)
    }

    /// self · next: `self` applies first, then `next`.
    public func concatenating(_ next: Homography) -> Homography {
        // Each coefficient of the result is a column of `next` against a row of `self`.
        let (row1, row2, row3) = (SIMD3(m11, m12, m13), SIMD3(m21, m22, m23), SIMD3(m31, m32, m33))
        func column(_ c: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((c * row1).sum(), (c * row2).sum(), (c * row3).sum())
        }
        return Homography(
            xTerms: column(next.xTerms), yTerms: column(next.yTerms), wTerms: column(next.wTerms))
    }

    /// The same map with every entry negated (a homography is defined up to scale, sign
    /// included): W changes sign, X / W and Y / W do not.
    public static prefix func - (h: Homography) -> Homography {
        Homography(xTerms: -h.xTerms, yTerms: -h.yTerms, wTerms: -h.wTerms)
    }

    /// `[X, Y, W]` before the divide.
    @inline(__always) public func mapHomogeneous(_ p: SIMD2<Double>) -> SIMD3<Double> {
        let v = SIMD3(p.x, p.y, 1)
        return SIMD3((xTerms * v).sum(), (yTerms * v).sum(), (wTerms * v).sum())
    }

    /// The image of `p` after the perspective divide (non-finite when W = 0).
    @inline(__always) public func map(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let h = mapHomogeneous(p)
        return SIMD2(h.x, h.y) / h.z
    }

    public var determinant: Double {
        let (r0, r1, r2) = (xTerms, yTerms, wTerms)
        return r0.x * (r1.y * r2.z - r1.z * r2.y) - r0.y * (r1.x * r2.z - r1.z * r2.x)
            + r0.z * (r1.x * r2.y - r1.y * r2.x)
    }

    /// The inverse map, nil when the matrix is singular or not finite. Affine inverses are
    /// normalised to W = 1.
    public var inverted: Homography? {
        let det = determinant
        guard det.isFinite, det != 0 else { return nil }
        // The adjugate of the terms' matrix (the transpose, whose determinant is the same).
        let (a, b, c) = (m11, m21, m31)
        let (d, e, f) = (m12, m22, m32)
        let (g, h, i) = (m13, m23, m33)
        let inv = 1 / det
        let result = Homography(
            xTerms: SIMD3((e * i - f * h) * inv, (c * h - b * i) * inv, (b * f - c * e) * inv),
            yTerms: SIMD3((f * g - d * i) * inv, (a * i - c * g) * inv, (c * d - a * f) * inv),
            wTerms: SIMD3((d * h - e * g) * inv, (b * g - a * h) * inv, (a * e - b * d) * inv))
        guard result.isFinite else { return nil }
        // Callers read an affine map's translation directly, so keep its W at 1.
        if result.isAffine && result.m33 != 0 && result.m33 != 1 {
            let s = 1 / result.m33
            return Homography(xTerms: result.xTerms * s, yTerms: result.yTerms * s, wTerms: SIMD3(0, 0, 1))
        }
        return result
    }

    public var isFinite: Bool {
        [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy { $0.isFinite }
    }

    /// True when there is no perspective term (W is constant).
    public var isAffine: Bool { m13 == 0 && m23 == 0 }
    /// Affine with no turn or shear: each axis maps onto an axis (scaled, perhaps flipped, moved).
    public var keepsAxes: Bool { isAffine && m12 == 0 && m21 == 0 }

    public var description: String {
        "Homography([\(m11), \(m12), \(m13)], [\(m21), \(m22), \(m23)], [\(m31), \(m32), \(m33)])"
    }
}
