import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry

// Core Animation's transform functions, each one Geometry's Transform3D
// (Sources/FrameGenGeometry/Transform3D.swift and Transform3D+Inverse.swift), whose constructors and
// composition order are Core Animation's: Concat(a, b) applies a first; Translate, Scale and
// Rotate apply the new operation first, then `t`.

public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D.makeTranslation(Double(tx), Double(ty), Double(tz)))
}

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D.makeScale(Double(sx), Double(sy), Double(sz)))
}

/// Rotation by `angle` radians about the axis (x, y, z). Apple leaves a zero axis undefined;
/// framegen returns the identity (Transform3D.makeRotation).
public func CATransform3DMakeRotation(
    _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3D(Transform3D.makeRotation(Double(angle), Double(x), Double(y), Double(z)))
}

public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    CATransform3D(t.geometry.translated(Double(tx), Double(ty), Double(tz)))
}

public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    CATransform3D(t.geometry.scaled(Double(sx), Double(sy), Double(sz)))
}

public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3D(t.geometry.rotated(Double(angle), Double(x), Double(y), Double(z)))
}

/// `a` applies first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.geometry.concatenating(b.geometry))
}

/// The inverse, or `t` itself when it has none, as Apple documents. "None" is
/// Transform3D.invertibilityEpsilon's (Sources/FrameGenGeometry/Transform3D+Inverse.swift): Apple
/// documents no threshold.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    CATransform3D(t.geometry.inverted())
}

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.geometry.isIdentity }

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// a, b, c, d, tx and ty into m11, m12, m21, m22, m41 and m42; the rest is the identity's.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(Transform3D(m.geometry))
}

/// Whether `t` is exactly a 2D affine transform (no z, no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.geometry.isAffine }

/// The affine part (m11, m12, m21, m22, m41, m42); meaningful when CATransform3DIsAffine(t).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(t.geometry.affineTransform)
}
