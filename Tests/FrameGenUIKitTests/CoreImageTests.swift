import Foundation
import FrameGenCoreImage
import FrameGenUIKit
import TestTiers
import Testing

/// Core Image as apps use it through `import UIKit`: an image's average colour (the snippet
/// found in many apps, CIAreaAverage read back through a 4-byte bitmap), crops, constant
/// colours, and a filter's output as an image (docs/uikit.md "Core Image").
@Suite struct CoreImageTests {
    /// Half red, half blue, opaque.
    static let redAndBlue = UIImage(
        bitmap: .init(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255]))

    /// The snippet: a context with no working colour space averages the encoded values.
    static func averageColor(of image: UIImage, options: [CIContextOption: Any], colorSpace: CGColorSpace?)
        -> [UInt8]?
    {
        guard let inputImage = CIImage(image: image) else { return nil }
        let extentVector = CIVector(
            x: inputImage.extent.origin.x, y: inputImage.extent.origin.y, z: inputImage.extent.size.width,
            w: inputImage.extent.size.height)
        guard
            let filter = CIFilter(
                name: "CIAreaAverage",
                parameters: [kCIInputImageKey: inputImage, kCIInputExtentKey: extentVector]),
            let outputImage = filter.outputImage
        else { return nil }
        var bitmap = [UInt8](repeating: 0, count: 4)
        let context = CIContext(options: options)
        context.render(
            outputImage, toBitmap: &bitmap, rowBytes: 4, bounds: CGRect(x: 0, y: 0, width: 1, height: 1),
            format: .RGBA8, colorSpace: colorSpace)
        return bitmap
    }

    @Test func anImagesAverageColour() {
        // Unmanaged: the mean of the encoded bytes, 127.5 rounded to 128.
        expect(
            Self.averageColor(of: Self.redAndBlue, options: [.workingColorSpace: kCFNull], colorSpace: nil)
                == [128, 0, 128, 255])
        // Core Image's default: the mean of linear light (0.5), encoded in sRGB: 0.7354 × 255.
        expect(
            Self.averageColor(of: Self.redAndBlue, options: [:], colorSpace: CGColorSpaceCreateDeviceRGB())
                == [188, 0, 188, 255])
        // A scene photo has no pixels of its own here (the renderer draws it): nil, as iOS
        // answers for an image with no bitmap behind it.
        expect(CIImage(image: UIImage(size: CGSize(width: 4, height: 4))) == nil)
    }

    @Test func cropsColoursAndImagesOfFilters() {
        expect(CIFilter(name: "CIGaussianBlurNotThere") == nil)
        let image = CIImage(image: Self.redAndBlue)!
        expect(image.extent == CGRect(x: 0, y: 0, width: 2, height: 1))
        // The right half (x 1..<2) is blue.
        let right = image.cropped(to: CGRect(x: 1, y: 0, width: 1, height: 1))
        let made = UIImage(ciImage: right)
        expect(made.size == CGSize(width: 1, height: 1))
        expect(made.bitmap?.pixels == [0, 0, 255, 255])
        let green = CIImage(color: CIColor(red: 0, green: 1, blue: 0)).cropped(
            to: CGRect(x: 0, y: 0, width: 3, height: 2))
        expect(
            UIImage(ciImage: green).bitmap?.pixels
                == Array(repeating: [0, 255, 0, 255], count: 6).flatMap { $0 })
        // Rows: the bitmap's first row is the top of the bounds (Core Image's y points up).
        let twoRows = CIImage(
            bitmapData: Data([255, 0, 0, 255, 0, 255, 0, 255]), bytesPerRow: 4,
            size: CGSize(width: 1, height: 2),
            format: .RGBA8, colorSpace: nil)
        let bottom = twoRows.cropped(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        expect(UIImage(ciImage: bottom).bitmap?.pixels == [0, 255, 0, 255])
        // Too little data for its size: an empty image, not a read past the end.
        expect(
            CIImage(
                bitmapData: Data([1, 2, 3]), bytesPerRow: 4, size: CGSize(width: 100, height: 100),
                format: .RGBA8,
                colorSpace: nil
            ).extent.isNull)
    }
}
