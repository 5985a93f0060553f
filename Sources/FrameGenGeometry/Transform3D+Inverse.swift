extension Transform3D {
    /// Determinants smaller than this in magnitude count as singular. WebKit's
    /// TransformationMatrix uses the same 1e-8 (GNUstep's CATransform3DInvert uses 1e-4, which
    /// would already refuse a 2D scale of 0.01, a size layouts do animate through). Apple documents
    /// no value. Entries are in points, so 1e-8 is a volume factor no rendered layer can show.
    public static let invertibilityEpsilon = 1e-8

    /// The 4x4 determinant (Laplace expansion in 2x2 minors).
    public var determinant: Double {
        let m = minors
        return m.s0 * m.c5 - m.s1 * m.c4 + m.s2 * m.c3 + m.s3 * m.c2 - m.s4 * m.c1 + m.s5 * m.c0
    }

    /// Whether `inverted()` really inverts: finite entries and |determinant| >= the epsilon.
    public var isInvertible: Bool {
        let d = determinant
        return d.isFinite && abs(d) >= Transform3D.invertibilityEpsilon
    }

    /// CATransform3DInvert: the inverse, or `self` unchanged when the matrix has no inverse
    /// (|determinant| < `invertibilityEpsilon`, or non-finite entries), as Core Animation
    /// documents.
    public func inverted() -> Transform3D {
        guard let inverse = inverse(epsilon: Transform3D.invertibilityEpsilon) else { return self }
        return inverse
    }

    /// The adjugate divided by the determinant; nil when |det| < epsilon or not finite.
    func inverse(epsilon: Double) -> Transform3D? {
        let m = minors
        let det = m.s0 * m.c5 - m.s1 * m.c4 + m.s2 * m.c3 + m.s3 * m.c2 - m.s4 * m.c1 + m.s5 * m.c0
        guard det.isFinite, abs(det) >= epsilon else { return nil }
        let r = 1 / det
        let (s0, s1, s2, s3, s4, s5) = (m.s0, m.s1, m.s2, m.s3, m.s4, m.s5)
        let (c0, c1, c2, c3, c4, c5) = (m.c0, m.c1, m.c2, m.c3, m.c4, m.c5)
        let result = Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * r,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * r,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * r,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * r,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * r,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * r,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * r,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * r,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * r,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * r,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * r,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * r,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * r,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * r,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * r,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * r)
        return result.isFinite ? result : nil
    }

    /// The 2x2 minors of the top two rows (s) and the bottom two rows (c) shared by the
    /// determinant and the adjugate.
    private var minors:
        (
            s0: Double, s1: Double, s2: Double, s3: Double, s4: Double, s5: Double,
            c0: Double, c1: Double, c2: Double, c3: Double, c4: Double, c5: Double
        )
    {
        (
            s0: m11 * m22 - m21 * m12,
            s1: m11 * m23 - m21 * m13,
            s2: m11 * m24 - m21 * m14,
            s3: m12 * m23 - m22 * m13,
            s4: m12 * m24 - m22 * m14,
            s5: m13 * m24 - m23 * m14,
            c0: m31 * m42 - m41 * m32,
            c1: m31 * m43 - m41 * m33,
            c2: m31 * m44 - m41 * m34,
            c3: m32 * m43 - m42 * m33,
            c4: m32 * m44 - m42 * m34,
            c5: m33 * m44 - m43 * m34
        )
    }
}
