import Foundation
import FrameGenGeometry

/// Core Animation's 4x4 transform, row vectors (`[x y z 1] · M`), translation in m41...m43,
/// perspective in m34. The CATransform3D functions (CATransform3DFunctions.swift) are Geometry's
/// Transform3D, which has the same fields and conventions (docs/design/rendering.md §2).
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// All sixteen fields zero, as the imported C struct's `init()` on iOS (not the identity).
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
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

    package init(_ t: Transform3D) {
        let f = t.fields.map { CGFloat($0) }
        self.init(
            m11: f[0], m12: f[1], m13: f[2], m14: f[3], m21: f[4], m22: f[5], m23: f[6], m24: f[7],
            m31: f[8], m32: f[9], m33: f[10], m34: f[11], m41: f[12], m42: f[13], m43: f[14], m44: f[15])
    }

    package var geometry: Transform3D {
        Transform3D(
            m11: Double(m11), m12: Double(m12), m13: Double(m13), m14: Double(m14),
            m21: Double(m21), m22: Double(m22), m23: Double(m23), m24: Double(m24),
            m31: Double(m31), m32: Double(m32), m33: Double(m33), m34: Double(m34),
            m41: Double(m41), m42: Double(m42), m43: Double(m43), m44: Double(m44))
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(Transform3D.identity)
