import Geometry

/// A planar projective map (3x3 matrix) in the **column-vector** convention of Skia, OpenCV and
/// pixman: `[X, Y, W]ᵀ = H · [x, y, 1]ᵀ`, then `(X / W, Y / W)`. Rows are stored as `r0, r1, r2`
/// (so `r0 = (h00, h01, h02)`, `h02` being the x translation).
///
/// Core Animation's row-vector matrices convert with `init(planar:)`; `a * b` applies `b` first.
public struct Homography: Hashable, Sendable, CustomStringConvertible {
    public var r0: SIMD3<Double>
    public var r1: SIMD3<Double>
    public var r2: SIMD3<Double>

    public init(_ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
        self.r0 = r0
        self.r1 = r1
        self.r2 = r2
    }

    /// From the nine entries in row-major order of the column-vector matrix.
    public init(
        _ h00: Double, _ h01: Double, _ h02: Double,
        _ h10: Double, _ h11: Double, _ h12: Double,
        _ h20: Double, _ h21: Double, _ h22: Double
    ) {
        self.init(SIMD3(h00, h01, h02), SIMD3(h10, h11, h12), SIMD3(h20, h21, h22))
    }

    public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    public static func translation(_ tx: Double, _ ty: Double) -> Homography {
        Homography(1, 0, tx, 0, 1, ty, 0, 0, 1)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Homography {
        Homography(sx, 0, 0, 0, sy, 0, 0, 0, 1)
    }

    /// The map of a planar layer (z = 0) under a CATransform3D: the z row and column only
    /// touch z, so dropping them is exact (docs/design/rendering.md §1.3). The row-vector
    /// `[[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]]` is transposed into column-vector form.
    public init(planar t: Transform3D) {
        self.init(t.m11, t.m21, t.m41, t.m12, t.m22, t.m42, t.m14, t.m24, t.m44)
    }

    /// `(a * b).map(p) == a.map(b.map(p))`: b is applied first.
    public static func * (a: Homography, b: Homography) -> Homography {
        let c0 = SIMD3(b.r0.x, b.r1.x, b.r2.x)
        let c1 = SIMD3(b.r0.y, b.r1.y, b.r2.y)
        let c2 = SIMD3(b.r0.z, b.r1.z, b.r2.z)
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((r * c0).sum(), (r * c1).sum(), (r * c2).sum())
        }
        return Homography(row(a.r0), row(a.r1), row(a.r2))
    }

    /// `[X, Y, W]` before the divide.
    @inline(__always) public func mapHomogeneous(_ p: SIMD2<Double>) -> SIMD3<Double> {
        let v = SIMD3(p.x, p.y, 1)
        return SIMD3((r0 * v).sum(), (r1 * v).sum(), (r2 * v).sum())
    }

    /// The image of `p` after the perspective divide (non-finite when W = 0).
    @inline(__always) public func map(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let h = mapHomogeneous(p)
        return SIMD2(h.x, h.y) / h.z
    }

    public var determinant: Double {
        r0.x * (r1.y * r2.z - r1.z * r2.y) - r0.y * (r1.x * r2.z - r1.z * r2.x)
            + r0.z * (r1.x * r2.y - r1.y * r2.x)
    }

    /// The inverse map, nil when the matrix is singular or not finite. Affine inverses are
    /// normalised to W = 1.
    public var inverted: Homography? {
        let det = determinant
        guard det.isFinite, det != 0 else { return nil }
        let (a, b, c) = (r0.x, r0.y, r0.z)
        let (d, e, f) = (r1.x, r1.y, r1.z)
        let (g, h, i) = (r2.x, r2.y, r2.z)
        let inv = 1 / det
        let result = Homography(
            (e * i - f * h) * inv, (c * h - b * i) * inv, (b * f - c * e) * inv,
            (f * g - d * i) * inv, (a * i - c * g) * inv, (c * d - a * f) * inv,
            (d * h - e * g) * inv, (b * g - a * h) * inv, (a * e - b * d) * inv)
        guard result.isFinite else { return nil }
        // Callers read an affine map's translation directly, so keep its W at 1.
        if result.r2.x == 0 && result.r2.y == 0 && result.r2.z != 0 && result.r2.z != 1 {
            let s = 1 / result.r2.z
            return Homography(result.r0 * s, result.r1 * s, SIMD3(0, 0, 1))
        }
        return result
    }

    public var isFinite: Bool {
        let all = [r0, r1, r2]
        return all.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
    }

    /// True when there is no perspective term (W is constant).
    public var isAffine: Bool { r2.x == 0 && r2.y == 0 }

    public var description: String {
        "Homography([\(r0.x), \(r0.y), \(r0.z)], [\(r1.x), \(r1.y), \(r1.z)], [\(r2.x), \(r2.y), \(r2.z)])"
    }
}
