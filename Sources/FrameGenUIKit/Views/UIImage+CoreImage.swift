import Foundation
import FrameGenCoreImage

// UIKit's Core Image additions: an image's pixels for a filter, and a filter's output as an
// image.

extension CIImage {
    /// The image's pixels; nil for one without pixels of its own: a scene photo (the renderer
    /// draws it from its textures), a symbol or an empty image, as iOS answers nil for an image
    /// with no bitmap behind it (docs/uikit.md "Core Image").
    public convenience init?(image: UIImage) {
        guard let bitmap = image.bitmap, bitmap.width > 0, bitmap.height > 0 else { return nil }
        self.init(
            bitmapData: Data(bitmap.pixels), bytesPerRow: bitmap.width * 4,
            size: CGSize(width: bitmap.width, height: bitmap.height), format: .RGBA8,
            colorSpace: CGColorSpaceCreateDeviceRGB())
    }
}

extension UIImage {
    /// The image's pixels over its extent, one per point at scale 1; an empty image for an
    /// infinite or empty extent.
    public convenience init(ciImage: CIImage) {
        self.init(ciImage: ciImage, scale: 1, orientation: .up)
    }

    public convenience init(ciImage: CIImage, scale: CGFloat, orientation: UIImage.Orientation) {
        let extent = ciImage.extent.integral
        guard !extent.isNull, !extent.isInfinite, extent.width * extent.height > 0,
            extent.width * extent.height <= CGFloat(Pixels.maximumCount)
        else {
            self.init(size: .zero)
            return
        }
        let (width, height) = (Int(extent.width), Int(extent.height))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        CIContext().render(
            ciImage, toBitmap: &pixels, rowBytes: width * 4, bounds: extent, format: .RGBA8,
            colorSpace: CGColorSpaceCreateDeviceRGB())
        self.init(bitmap: Bitmap(width: width, height: height, pixels: pixels), scale: scale)
    }

    /// nil: framegen's images hold pixels, not Core Image recipes.
    public var ciImage: CIImage? { nil }
}
