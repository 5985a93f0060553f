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
        guard let image = CIContext().createCGImage(ciImage, from: ciImage.extent) else {
            self.init(size: .zero)
            return
        }
        self.init(bitmap: image.bitmap, scale: scale)
    }

    /// nil: framegen's images hold pixels, not Core Image recipes.
    public var ciImage: CIImage? { nil }
}
