extension Transform3D {
    /// A matrix split into the parts Core Animation and CSS interpolate separately. In the
    /// row-vector convention the matrix is
    ///
    ///     M = Scale · Shear · Rotation · Translation · Perspective
    ///
    /// i.e. a point is scaled, sheared, rotated, translated, then projected:
    /// - Shear is [[1, 0, 0], [xy, 1, 0], [xz, yz, 1]] (x' = x + xy·y + xz·z, y' = y + yz·z);
    /// - Perspective is the identity with its last column replaced by `perspective`
    ///   (m14, m24, m34, m44 of a pure perspective matrix; (0, 0, -1/d, 1) for m34 = -1/d).
    public struct Decomposition: Hashable, Sendable {
        public var translation: SIMD3<Double>
        public var scale: SIMD3<Double>
        public var shearXY: Double
        public var shearXZ: Double
        public var shearYZ: Double
        public var rotation: Quaternion
        public var perspective: SIMD4<Double>

        public init(
            translation: SIMD3<Double> = .zero, scale: SIMD3<Double> = .one, shearXY: Double = 0,
            shearXZ: Double = 0, shearYZ: Double = 0, rotation: Quaternion = .identity,
            perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1)
        ) {
            self.translation = translation
            self.scale = scale
            self.shearXY = shearXY
            self.shearXZ = shearXZ
            self.shearYZ = shearYZ
            self.rotation = rotation
            self.perspective = perspective
        }

        public static let identity = Decomposition()
    }

    /// Scale factors at or below this (in magnitude) make a matrix undecomposable: such a layer
    /// is flattened to nothing along that axis, and its rotation is undefined.
    public static let decompositionEpsilon = 1e-12

    /// The W3C CSS Transforms "unmatrix" decomposition (WebKit `decompose4`, from Graphics Gems),
    /// written for Core Animation's row vectors, where CSS's matrix[i][j] is m(i+1)(j+1):
    /// 1. perspective: solve [A 0; t 1] · p = (m14, m24, m34, m44) for p, A the upper 3x3, t the
    ///    translation row (so M = [A 0; t 1] · Perspective exactly);
    /// 2. translation = (m41, m42, m43);
    /// 3. Gram-Schmidt on A's rows gives the scales and the xy, xz, yz shears;
    /// 4. if the remaining orthonormal matrix is a reflection, one axis is negated: the one whose
    ///    diagonal entry is smallest (CSS's and WebKit's 2D rule; the 3D rule negates all three,
    ///    which makes a flip animate through a point instead of through a line);
    /// 5. rotation as a unit quaternion (Shepperd's method, w >= 0).
    /// Unlike CSS the matrix is not divided by m44 first: the perspective's fourth component
    /// carries m44, so recomposition gives the matrix back exactly and keeps the sign of w that
    /// near-plane clipping depends on.
    /// Returns nil for non-finite entries or when a scale factor is <= `decompositionEpsilon`.
    public var decomposed: Decomposition? {
        guard isFinite else { return nil }
        let a0 = SIMD3(m11, m12, m13)
        let a1 = SIMD3(m21, m22, m23)
        let a2 = SIMD3(m31, m32, m33)
        let t = SIMD3(m41, m42, m43)

        var d = Decomposition(translation: t)

        var q0 = a0
        let sx = length(q0)
        guard sx > Transform3D.decompositionEpsilon else { return nil }
        q0 /= sx

        var xy = dot(q0, a1)
        var q1 = a1 - xy * q0
        let sy = length(q1)
        guard sy > Transform3D.decompositionEpsilon else { return nil }
        q1 /= sy
        xy /= sy

        var xz = dot(q0, a2)
        var q2 = a2 - xz * q0
        var yz = dot(q1, q2)
        q2 -= yz * q1
        let sz = length(q2)
        guard sz > Transform3D.decompositionEpsilon else { return nil }
        q2 /= sz
        xz /= sz
        yz /= sz

        var scale = SIMD3(sx, sy, sz)
        if dot(q0, cross(q1, q2)) < 0 {
            // Negating axis n flips the sign of every shear that mentions n.
            if q0.x <= q1.y, q0.x <= q2.z {
                scale.x = -scale.x
                q0 = -q0
                xy = -xy
                xz = -xz
            } else if q1.y <= q2.z {
                scale.y = -scale.y
                q1 = -q1
                xy = -xy
                yz = -yz
            } else {
                scale.z = -scale.z
                q2 = -q2
                xz = -xz
                yz = -yz
            }
        }
        d.scale = scale
        d.shearXY = xy
        d.shearXZ = xz
        d.shearYZ = yz
        d.rotation = Quaternion(rows: q0, q1, q2)

        let c = SIMD3(m14, m24, m34)
        if c == .zero {
            d.perspective = SIMD4(0, 0, 0, m44)
        } else {
            // A^-1 has the columns cross(a1, a2), cross(a2, a0), cross(a0, a1) over det(A).
            let det = dot(a0, cross(a1, a2))
            let p = (cross(a1, a2) * c.x + cross(a2, a0) * c.y + cross(a0, a1) * c.z) / det
            guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { return nil }
            d.perspective = SIMD4(p.x, p.y, p.z, m44 - dot(t, p))
        }
        return d
    }

    /// Recomposition: Scale · Shear · Rotation · Translation · Perspective.
    public init(_ d: Decomposition) {
        let (q0, q1, q2) = d.rotation.rows
        let a0 = d.scale.x * q0
        let a1 = d.scale.y * (d.shearXY * q0 + q1)
        let a2 = d.scale.z * (d.shearXZ * q0 + d.shearYZ * q1 + q2)
        let t = d.translation
        let p = SIMD3(d.perspective.x, d.perspective.y, d.perspective.z)
        self.init(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: dot(a0, p),
            m21: a1.x, m22: a1.y, m23: a1.z, m24: dot(a1, p),
            m31: a2.x, m32: a2.y, m33: a2.z, m34: dot(a2, p),
            m41: t.x, m42: t.y, m43: t.z, m44: dot(t, p) + d.perspective.w)
    }
}

@inline(__always) private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    a.x * b.x + a.y * b.y + a.z * b.z
}

@inline(__always) private func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }

@inline(__always) private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
