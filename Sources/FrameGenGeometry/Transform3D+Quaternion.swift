#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A rotation as a unit quaternion (x, y, z, w) = (axis · sin(angle/2), cos(angle/2)), with the
/// axis and angle of `Transform3D.makeRotation(angle, x, y, z)`: the two describe the same matrix.
public struct Quaternion: Hashable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double, z: Double, w: Double

    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// Rotation by `angle` radians about (x, y, z), normalised first; a zero axis gives the
    /// identity, as `makeRotation` does.
    public init(angle: Double, _ x: Double, _ y: Double, _ z: Double) {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else {
            self = .identity
            return
        }
        let s = sin(angle / 2) / len
        self.init(x: x * s, y: y * s, z: z * s, w: cos(angle / 2))
    }

    public var description: String { "Quaternion(\(x), \(y), \(z), \(w))" }

    public var length: Double { (x * x + y * y + z * z + w * w).squareRoot() }

    public var normalized: Quaternion {
        let l = length
        guard l > 0, l.isFinite else { return .identity }
        return Quaternion(x: x / l, y: y / l, z: z / l, w: w / l)
    }

    /// The same rotation with the other sign (q and -q rotate identically).
    public static prefix func - (q: Quaternion) -> Quaternion {
        Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)
    }

    public func dot(_ o: Quaternion) -> Double { x * o.x + y * o.y + z * o.z + w * o.w }

    /// The rotation angle in [0, 2pi] (atan2 form: accurate for small and large angles).
    public var angle: Double {
        2 * atan2((x * x + y * y + z * z).squareRoot(), w)
    }

    /// Spherical linear interpolation along the shorter arc (the sign of `to` is flipped when the
    /// two are more than half a turn of quaternion space apart), so that 0 -> 363 degrees turns
    /// 3 degrees. Constant angular speed; `progress` outside [0, 1] extrapolates along the arc.
    public static func slerp(from a: Quaternion, to b: Quaternion, progress t: Double) -> Quaternion {
        let a = a.normalized
        var b = b.normalized
        if a.dot(b) < 0 { b = -b }
        // The angle between the two unit vectors from chord lengths: accurate near 0 and pi/2,
        // where acos(dot) loses half the digits.
        let dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z, dw = a.w - b.w
        let sx = a.x + b.x, sy = a.y + b.y, sz = a.z + b.z, sw = a.w + b.w
        let theta =
            2
            * atan2(
                (dx * dx + dy * dy + dz * dz + dw * dw).squareRoot(),
                (sx * sx + sy * sy + sz * sz + sw * sw).squareRoot())
        let wa: Double
        let wb: Double
        if theta < 1e-9 {
            // sin(k theta) / sin(theta) = k + O(theta^2): below 1e-18, i.e. exact in doubles.
            wa = 1 - t
            wb = t
        } else {
            let s = sin(theta)
            wa = sin((1 - t) * theta) / s
            wb = sin(t * theta) / s
        }
        return Quaternion(
            x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z,
            w: wa * a.w + wb * b.w
        ).normalized
    }

    /// The quaternion of a proper orthonormal matrix given by its rows in Core Animation's
    /// row-vector layout (r0 = (m11, m12, m13) ...). Shepperd's method: the largest of the trace
    /// and the diagonal picks the well-conditioned formula. The result has w >= 0.
    init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
        let trace = r0.x + r1.y + r2.z
        var q: Quaternion
        if trace >= r0.x, trace >= r1.y, trace >= r2.z {
            let s = 2 * (1 + trace).squareRoot()  // 4w
            q = Quaternion(
                x: (r1.z - r2.y) / s, y: (r2.x - r0.z) / s, z: (r0.y - r1.x) / s, w: s / 4)
        } else if r0.x >= r1.y, r0.x >= r2.z {
            let s = 2 * max(0, 1 + r0.x - r1.y - r2.z).squareRoot()  // 4x
            q = Quaternion(
                x: s / 4, y: (r0.y + r1.x) / s, z: (r0.z + r2.x) / s, w: (r1.z - r2.y) / s)
        } else if r1.y >= r2.z {
            let s = 2 * max(0, 1 - r0.x + r1.y - r2.z).squareRoot()  // 4y
            q = Quaternion(
                x: (r0.y + r1.x) / s, y: s / 4, z: (r1.z + r2.y) / s, w: (r2.x - r0.z) / s)
        } else {
            let s = 2 * max(0, 1 - r0.x - r1.y + r2.z).squareRoot()  // 4z
            q = Quaternion(
                x: (r0.z + r2.x) / s, y: (r1.z + r2.y) / s, z: s / 4, w: (r0.y - r1.x) / s)
        }
        if q.w < 0 { q = -q }
        self = q.normalized
    }

    /// The rows of the rotation matrix (Core Animation layout, as `makeRotation` builds it).
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let q = normalized
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        return (
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        )
    }
}

extension Transform3D {
    /// The rotation matrix of a quaternion (normalised first); equals
    /// `makeRotation(q.angle, axis)` for q = Quaternion(angle:, axis).
    public static func makeRotation(_ q: Quaternion) -> Transform3D {
        let (r0, r1, r2) = q.rows
        return Transform3D(
            m11: r0.x, m12: r0.y, m13: r0.z, m14: 0,
            m21: r1.x, m22: r1.y, m23: r1.z, m24: 0,
            m31: r2.x, m32: r2.y, m33: r2.z, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }
}
