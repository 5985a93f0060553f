import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit

/// How an image renderer's images are made: `scale` pixels per point (the main screen's unless
/// set), opaque or not. framegen draws 8-bit sRGB whatever `preferredRange` says.
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    public enum Range: Int, Sendable {
        case unspecified = -1, automatic = 0, extended = 1, standard = 2
    }

    open var scale: CGFloat
    open var opaque = false
    open var preferredRange = Range.automatic

    public override init() {
        scale = UIScreen.main.scale
        super.init()
    }

    /// The scale of `traitCollection`, or the main screen's where it leaves the scale unspecified.
    public convenience init(for traitCollection: UITraitCollection) {
        self.init()
        if traitCollection.displayScale > 0 { scale = traitCollection.displayScale }
    }

    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What an image renderer's actions draw into: `cgContext` records fills, strokes, images and
/// the layers rendered into it (`CALayer.render(in:)`, `UIView.drawHierarchy(in:afterScreenUpdates:)`).
open class UIGraphicsImageRendererContext: NSObject {
    public let cgContext: CGContext
    public let format: UIGraphicsImageRendererFormat
    private let bounds: CGRect

    init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        cgContext = CGContext(boundsOrigin: bounds.origin)
        super.init()
        cgContext.imageMaker = { [bounds, format] context in
            LayerTreeDrawing.image(of: context, bounds: bounds, format: format).cgImage
        }
    }

    /// What has been drawn so far.
    open var currentImage: UIImage { LayerTreeDrawing.image(of: cgContext, bounds: bounds, format: format) }

    open func fill(_ rect: CGRect) { cgContext.fill(rect) }

    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        defer { cgContext.restoreGState() }
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
    }

    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        defer { cgContext.restoreGState() }
        cgContext.setBlendMode(blendMode)
        cgContext.stroke(rect)
    }

    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// UIGraphicsImageRenderer: runs the actions with a context made current, then draws what they
/// recorded with framegen's compositor, the renderer that draws scenes' cells (FrameGenLayerCompositing).
open class UIGraphicsImageRenderer: NSObject {
    public let format: UIGraphicsImageRendererFormat
    private let bounds: CGRect

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        super.init()
    }

    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }

    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = UIGraphicsImageRendererContext(bounds: bounds, format: format)
        UIGraphicsPushContext(context.cgContext)
        actions(context)
        UIGraphicsPopContext()
        return context.currentImage
    }

    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    open func jpegData(
        withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void
    ) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
}
