import Foundation
import FrameGenCoreGraphics

// Core Image and Core Graphics' images: a CGImage's pixels as a Core Image image, and an image
// rendered into a CGImage, the way apps take a filter's output back to UIKit.

extension CIImage {
    /// The image's pixels, its first row the top of its extent, (0, 0) to its pixel size.
    public convenience init(cgImage image: CGImage) {
        self.init(
            bitmapData: Data(image.bitmap.pixels), bytesPerRow: image.bytesPerRow,
            size: CGSize(width: image.width, height: image.height), format: .RGBA8,
            colorSpace: image.colorSpace)
    }
}

extension CIContext {
    /// `image` over `fromRect` (rounded out to whole pixels) as sRGB pixels; nil for an empty,
    /// infinite or too large rect.
    public func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? {
        let area = fromRect.integral
        guard !area.isNull, !area.isInfinite, area.width.isFinite, area.height.isFinite,
            area.width * area.height > 0, area.width * area.height <= CGFloat(Pixels.maximumCount)
        else { return nil }
        let (width, height) = (Int(area.width), Int(area.height))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        render(
            image, toBitmap: &pixels, rowBytes: width * 4, bounds: area, format: .RGBA8,
            colorSpace: CGColorSpaceCreateDeviceRGB())
        return CGImage(bitmap: CGImage.Bitmap(width: width, height: height, pixels: pixels))
    }
}
