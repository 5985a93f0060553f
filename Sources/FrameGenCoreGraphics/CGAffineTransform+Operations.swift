import Foundation
import FrameGenGeometry

// Core Graphics' Swift overlay for CGAffineTransform. Every operation is Geometry's
// AffineTransform (Sources/FrameGenGeometry/AffineTransform.swift), which has the same fields, the same
// row-vector convention and the same composition order, so that a transform built here draws
// exactly as one a built-in layout builds.
extension CGAffineTransform {
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(FrameGenGeometry.AffineTransform(translationX: Double(tx), y: Double(ty)))
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(FrameGenGeometry.AffineTransform(scaleX: Double(sx), y: Double(sy)))
    }

    /// Positive angles turn +x toward +y: clockwise on screen, since UIKit's y points down.
    public init(rotationAngle angle: CGFloat) {
        self.init(FrameGenGeometry.AffineTransform(rotationAngle: Double(angle)))
    }

    public var isIdentity: Bool { geometry.isIdentity }

    /// `self` applies first, then `t2` (CGAffineTransformConcat(self, t2)).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(geometry.concatenating(t2.geometry))
    }

    /// The new translation applies first, then `self` (CGAffineTransformTranslate).
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(geometry.translatedBy(x: Double(tx), y: Double(ty)))
    }

    /// The new scale applies first, then `self` (CGAffineTransformScale).
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(geometry.scaledBy(x: Double(sx), y: Double(sy)))
    }

    /// The new rotation applies first, then `self` (CGAffineTransformRotate).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(geometry.rotated(by: Double(angle)))
    }

    /// The inverse, or `self` unchanged when there is none, as CGAffineTransformInvert documents.
    /// The inversion is Transform3D's (an affine matrix embeds in a 4x4 one with the same
    /// determinant, ad - bc), so "no inverse" means what it means for CATransform3DInvert:
    /// |ad - bc| below Transform3D.invertibilityEpsilon (Sources/FrameGenGeometry/Transform3D+Inverse.swift)
    /// or a non-finite entry. Apple does not document its threshold.
    public func inverted() -> CGAffineTransform {
        CGAffineTransform(Transform3D(geometry).inverted().affineTransform)
    }
}

extension CGPoint {
    /// `[x y 1] · t` (CGPointApplyAffineTransform).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(t.geometry.apply(to: geometry))
    }
}

extension CGSize {
    /// The size as a vector: a, b, c and d apply, the translation does not
    /// (CGSizeApplyAffineTransform). The result may be negative, as Core Graphics leaves it.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        var linear = t.geometry
        linear.tx = 0
        linear.ty = 0
        let p = linear.apply(to: FrameGenGeometry.Point(x: Double(width), y: Double(height)))
        return CGSize(width: CGFloat(p.x), height: CGFloat(p.y))
    }
}

extension CGRect {
    /// The smallest rectangle that contains the four transformed corners
    /// (CGRectApplyAffineTransform); with only scaling and translation it is the transformed
    /// rectangle itself. A negative size is standardised first. The null rectangle stays null;
    /// framegen also keeps the infinite rectangle infinite, where Apple documents nothing (its
    /// corners would overflow to infinities and NaNs).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || isInfinite { return self }
        let corners = self.corners.map { $0.applying(t) }
        return CGRect(boundingBoxOf: corners)
    }

    /// The four corners of the standardised rectangle, clockwise from the minimum corner.
    package var corners: [CGPoint] {
        let r = standardized
        return [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
        ]
    }

    /// The smallest rectangle containing `points`, which must not be empty.
    package init(boundingBoxOf points: [CGPoint]) {
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let minX = xs.min()!
        let minY = ys.min()!
        self.init(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
