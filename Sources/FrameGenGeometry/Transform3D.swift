/// CATransform3D: 16 fields m11...m44, row vectors (`[x y z 1] · M`), translation in m41...m43,
/// perspective in m34. Constructors and concat order are Core Animation's (docs/design/rendering.md §2):
/// `a.concatenating(b)` = a · b applies a first; `translated/scaled/rotated` apply the new
/// operation first (Op · self), as CATransform3DTranslate/Scale/Rotate do.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }

    /// The 16 fields in file order m11, m12, ... m44; nil unless exactly 16 values.
    public init?(fields v: [Double]) {
        guard v.count == 16 else { return nil }
        self.init(
            m11: v[0], m12: v[1], m13: v[2], m14: v[3],
            m21: v[4], m22: v[5], m23: v[6], m24: v[7],
            m31: v[8], m32: v[9], m33: v[10], m34: v[11],
            m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    public var fields: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    public var description: String { "Transform3D(\(fields))" }

    // MARK: Constructors (CATransform3DMake...)

    public static func makeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m41 = tx
        t.m42 = ty
        t.m43 = tz
        return t
    }

    public static func makeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m11 = sx
        t.m22 = sy
        t.m33 = sz
        return t
    }

    /// Rotation by `angle` radians about the axis (x, y, z), normalised first; a zero axis gives
    /// the identity (GNUstep). The entries are docs/design/rendering.md §2.2's.
    public static func makeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double)
        -> Transform3D
    {
        let len = _sqrt(x * x + y * y + z * z)
        guard len > 0, len.isFinite else { return .identity }
        let (x, y, z) = (x / len, y / len, z / len)
        let c = _cos(angle)
        let s = _sin(angle)
        let k = 1 - c
        return Transform3D(
            m11: c + k * x * x, m12: k * x * y + s * z, m13: k * x * z - s * y, m14: 0,
            m21: k * x * y - s * z, m22: c + k * y * y, m23: k * y * z + s * x, m24: 0,
            m31: k * x * z + s * y, m32: k * y * z - s * x, m33: c + k * z * z, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// CATransform3DMakeAffineTransform: a, b, c, d, tx, ty into m11, m12, m21, m22, m41, m42.
    public init(_ t: AffineTransform) {
        self = .identity
        m11 = t.a
        m12 = t.b
        m21 = t.c
        m22 = t.d
        m41 = t.tx
        m42 = t.ty
    }

    // MARK: Operations

    /// CATransform3DConcat(self, b) = self · b: self applies first, then b.
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// CATransform3DTranslate(self, ...) = Translation · self.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D.makeTranslation(tx, ty, tz).concatenating(self)
    }

    /// CATransform3DScale(self, ...) = Scale · self.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D.makeScale(sx, sy, sz).concatenating(self)
    }

    /// CATransform3DRotate(self, ...) = Rotation · self.
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.makeRotation(angle, x, y, z).concatenating(self)
    }

    public var isIdentity: Bool { self == .identity }

    /// CATransform3DIsAffine.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0
            && m43 == 0 && m33 == 1 && m44 == 1
    }

    /// CATransform3DGetAffineTransform: the 2D part, meaningful when `isAffine`.
    public var affineTransform: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    public var isFinite: Bool { fields.allSatisfy { $0.isFinite } }

    /// `[x y z 1] · M`, before the divide: (x', y', z', w').
    public func apply(x: Double, y: Double, z: Double = 0) -> SIMD4<Double> {
        SIMD4(
            x * m11 + y * m21 + z * m31 + m41,
            x * m12 + y * m22 + z * m32 + m42,
            x * m13 + y * m23 + z * m33 + m43,
            x * m14 + y * m24 + z * m34 + m44)
    }

    /// The projected 2D point (x'/w', y'/w'); callers that may see w <= 0 must clip first.
    public func project(_ p: Point) -> Point {
        let v = apply(x: p.x, y: p.y)
        return Point(x: v.x / v.w, y: v.y / v.w)
    }
}
