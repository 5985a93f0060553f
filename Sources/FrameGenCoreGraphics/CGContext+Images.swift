import Foundation
import FrameGenGeometry
import FrameGenLayout

/// CGBlendMode: how what is painted combines with what lies under it. framegen composites
/// `.normal` only (docs/uikit.md "Images in a context"): see `isDrawn`.
public enum CGBlendMode: Int32, Sendable {
    case normal = 0
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    case destinationAtop, xor, plusDarker, plusLighter

    /// Whether framegen paints in this mode, as `.normal`. `.copy` is `.normal` for an opaque
    /// source, and the colour blends (`multiply` to `luminosity`) cover what `.normal` covers with
    /// other colours; the other Porter-Duff modes erase or keep what lies under where `.normal`
    /// would paint over it, so nothing is drawn in them rather than the opposite of iOS's picture.
    var isDrawn: Bool { self.rawValue <= CGBlendMode.copy.rawValue && self != .clear }
}

/// CGInterpolationQuality: kept; framegen samples images as its compositor samples an image
/// view's (docs/uikit.md "Images in a context").
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0
    case none = 1
    case low = 2
    case high = 3
    case medium = 4
}

extension CGContext {
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Draws `image` stretched over `rect` in user space, as Core Graphics does: with its first
    /// row at the rect's maximum y, where Core Graphics' own space has its origin at the bottom
    /// left. UIKit's contexts (a view's `draw(_:)`, an image renderer's) are flipped, so there
    /// the image comes out upside down within `rect`, as on iOS. `byTiling` draws one copy
    /// (docs/uikit.md "Images in a context").
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let bitmap = image.bitmap
        var contents = LayerSnapshot.Contents(
            width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels, mode: .scaleToFill)
        contents.textRects = bitmap.textRects
        draw(contents, in: rect, flipped: true, alpha: 1)
    }

    /// The picture drawn so far in an image context (`UIGraphicsImageRenderer`,
    /// `UIGraphicsBeginImageContext`), at its pixel size; nil in a view's `draw(_:)`.
    public func makeImage() -> CGImage? { imageMaker?(self) }

    /// Records `contents` stretched over `rect` in user space at `alpha` times the context's,
    /// upright (UIKit's `UIImage.draw`) or flipped in the rect (Core Graphics' own image
    /// drawing), seen inside the clip; nothing for a rect or alpha that is not a number, an
    /// empty rect or image, or a blend mode framegen does not paint in.
    package func draw(_ contents: LayerSnapshot.Contents, in rect: CGRect, flipped: Bool, alpha: CGFloat) {
        let r = rect.standardized
        let opacity = min(max(alpha, 0), 1) * min(max(state.alpha, 0), 1)
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0,
            r.height > 0,
            contents.width > 0, contents.height > 0, opacity > 0, state.blendMode.isDrawn
        else { return }
        var transform = state.ctm.geometry
        if flipped {
            transform = FrameGenGeometry.AffineTransform(
                a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(r.minY + r.maxY)
            )
            .concatenating(transform)
        }
        let image = LayerSnapshot.Drawing.Image(
            contents: contents, rect: r.geometry, transform: transform, alpha: Double(opacity))
        record(LayerSnapshot.Drawing.Part(image: image, clips: state.clips))
    }
}
