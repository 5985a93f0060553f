import Foundation
import FrameGenGeometry

/// Core Graphics' affine transform: `[x y 1] · [[a b 0] [c d 0] [tx ty 1]]`. Its operations
/// (CGAffineTransform+Operations.swift) are Geometry's AffineTransform, which has the same
/// fields and conventions.
public struct CGAffineTransform: Hashable, Sendable {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    /// All six fields zero, as the imported C struct's `init()` on iOS (not the identity).
    public init() { self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    package init(_ t: FrameGenGeometry.AffineTransform) {
        self.init(
            a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx),
            ty: CGFloat(t.ty))
    }

    package var geometry: FrameGenGeometry.AffineTransform {
        FrameGenGeometry.AffineTransform(
            a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }
}
