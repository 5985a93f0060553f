import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry

// A layer's place in its superlayer, as docs/design/rendering.md §1.2 states it and the
// compositor draws it: a point p of the layer (in bounds coordinates) becomes
// `[p - anchor, -anchorPointZ, 1] · transform`, translated by (position, zPosition); the
// superlayer then applies its sublayerTransform about its own anchor point. All of it is
// Transform3D arithmetic (Sources/FrameGenGeometry/Transform3D.swift).
extension CALayer {
    /// CALayer.frame's getter (documented there).
    var derivedFrame: CGRect {
        // Untransformed, the frame is the bounds' size placed about the position, as Core
        // Animation computes it: a layer given CGRect.null (an origin at infinity, no size) keeps
        // its zero size, where the corners' bounding box would subtract infinities (NaN).
        if transform.geometry.isIdentity {
            return CGRect(
                x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                width: bounds.width, height: bounds.height
            ).standardized
        }
        let own = toAnchor.concatenating(transform.geometry).concatenating(
            Transform3D.makeTranslation(Double(position.x), Double(position.y), 0))
        return own.boundingBox(of: bounds) ?? .infinite
    }

    /// CALayer.frame's setter (documented there).
    func setDerivedFrame(_ frame: CGRect) {
        let r = frame.standardized
        var size = r.size
        var shift = CGPoint.zero
        let affine = transform.geometry
        if affine.isAffine, affine.isInvertible, !affine.isIdentity {
            var linear = affine.affineTransform
            shift = CGPoint(x: linear.tx, y: linear.ty)
            linear.tx = 0
            linear.ty = 0
            let inverse = CGAffineTransform(Transform3D(linear).inverted().affineTransform)
            size = CGRect(origin: .zero, size: size).applying(inverse).size
        }
        bounds.size = size
        position = CGPoint(
            x: r.minX + anchorPoint.x * r.width - shift.x,
            y: r.minY + anchorPoint.y * r.height - shift.y)
    }

    /// `p` from `source`'s coordinates to `target`'s; nil is the space the root layer sits in
    /// (for views, the window: a scrolled collection view's content moves in it).
    package static func convert(_ p: CGPoint, from source: CALayer?, to target: CALayer?) -> CGPoint {
        let sourceToRoot = source?.transformToRoot ?? .identity
        let targetToRoot = target?.transformToRoot ?? .identity
        return targetToRoot.flattened.mapBack(sourceToRoot.flattened.map(p))
    }

    /// From the layer's bounds coordinates to coordinates about its anchor point.
    private var toAnchor: Transform3D {
        Transform3D.makeTranslation(
            -Double(bounds.minX + anchorPoint.x * bounds.width),
            -Double(bounds.minY + anchorPoint.y * bounds.height), -Double(anchorPointZ))
    }

    /// From this layer's coordinates to its superlayer's, with the superlayer's sublayerTransform.
    private var toSuperlayer: Transform3D {
        var m = toAnchor.concatenating(transform.geometry).concatenating(
            Transform3D.makeTranslation(Double(position.x), Double(position.y), Double(zPosition)))
        if let parent = superlayer, !CATransform3DIsIdentity(parent.sublayerTransform) {
            let pivot = CGPoint(
                x: parent.bounds.minX + parent.anchorPoint.x * parent.bounds.width,
                y: parent.bounds.minY + parent.anchorPoint.y * parent.bounds.height)
            m = m.concatenating(Transform3D.makeTranslation(-Double(pivot.x), -Double(pivot.y), 0))
                .concatenating(parent.sublayerTransform.geometry)
                .concatenating(Transform3D.makeTranslation(Double(pivot.x), Double(pivot.y), 0))
        }
        return m
    }

    /// From this layer's coordinates to the space its root layer sits in: every layer's own
    /// geometry, the root's included, as Core Animation maps a point to a nil layer (a root view
    /// is placed in its window by its frame, and its bounds origin scrolls what it shows).
    var transformToRoot: Transform3D {
        var m = Transform3D.identity
        var layer: CALayer? = self
        while let l = layer {
            m = m.concatenating(l.toSuperlayer)
            layer = l.superlayer
        }
        return m
    }
}

extension Transform3D {
    /// The map of the plane z = 0 to itself that this transform draws, as a 4x4 matrix with the
    /// z row and column of the identity: docs/design/rendering.md §1.3's homography. Points keep
    /// their projection, and its inverse maps the plane back, which the 4x4 inverse does not.
    package var flattened: Transform3D {
        var t = self
        t.m13 = 0
        t.m23 = 0
        t.m43 = 0
        t.m31 = 0
        t.m32 = 0
        t.m34 = 0
        t.m33 = 1
        return t
    }

    /// `p` through the (flattened) transform, divided by w.
    package func map(_ p: CGPoint) -> CGPoint {
        CGPoint(project(p.geometry))
    }

    /// `p` through the inverse; NaN when there is none.
    func mapBack(_ p: CGPoint) -> CGPoint {
        guard isInvertible else { return CGPoint(x: CGFloat.nan, y: CGFloat.nan) }
        return inverted().map(p)
    }

    /// The bounding box of `rect`'s corners in the plane z = 0; nil when a corner is at or
    /// behind the eye (w <= 0).
    package func boundingBox(of rect: CGRect) -> CGRect? {
        var points: [CGPoint] = []
        for corner in rect.corners {
            let v = apply(x: Double(corner.x), y: Double(corner.y))
            guard v.w > 0 else { return nil }
            points.append(CGPoint(x: CGFloat(v.x / v.w), y: CGFloat(v.y / v.w)))
        }
        return CGRect(boundingBoxOf: points)
    }
}
