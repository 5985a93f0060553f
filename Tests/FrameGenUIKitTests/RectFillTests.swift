import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// UIKit's rectangle functions (UIGraphics.h), as apps fill solid-colour images with them.
@Suite struct RectFillTests {
    static func image(_ size: CGSize, _ draw: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { draw($0) }
    }

    @Test func rectFillPaintsTheFillColour() {
        let image = Self.image(CGSize(width: 10, height: 10)) { _ in
            UIColor.green.setFill()
            UIColor.red.setStroke()
            UIRectFill(CGRect(x: 2, y: 2, width: 4, height: 4))
        }
        expect(ImageRendererTests.pixel(image, 3, 3) == [0, 255, 0, 255])
        expect(ImageRendererTests.pixel(image, 1, 1) == [0, 0, 0, 0])
        expect(ImageRendererTests.pixel(image, 6, 6) == [0, 0, 0, 0])
    }

    /// The solid-colour image many apps make for tests: begin a context, fill, take the image.
    @Test func imageContextFilledWithRectFill() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 6), false, 1)
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 6))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        expect(image.size == CGSize(width: 4, height: 6))
        expect(ImageRendererTests.pixel(image, 3, 5) == [0, 0, 255, 255])
    }

    /// One unit wide, inside the rectangle, in the fill colour; a translucent colour is as light
    /// at the corners as along the sides.
    @Test func rectFrameIsInsideInTheFillColour() {
        let image = Self.image(CGSize(width: 10, height: 10)) { _ in
            UIColor(red: 0, green: 0, blue: 1, alpha: 0.5).setFill()
            UIColor.red.setStroke()
            UIRectFrame(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let side = ImageRendererTests.pixel(image, 0, 5)
        expect(side[2] > 0 && side[0] == 0)
        expect(ImageRendererTests.pixel(image, 0, 0) == side)
        expect(ImageRendererTests.pixel(image, 9, 9) == side)
        expect(ImageRendererTests.pixel(image, 5, 9) == side)
        expect(ImageRendererTests.pixel(image, 1, 1) == [0, 0, 0, 0])
        expect(ImageRendererTests.pixel(image, 5, 5) == [0, 0, 0, 0])
    }

    @Test func withoutAContextNothingHappens() {
        expect(UIGraphicsGetCurrentContext() == nil)
        UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
        UIRectFrame(CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    /// A fill with a blend mode of its own leaves the context's mode as it was.
    @Test func fillWithBlendModeRestoresTheMode() {
        let image = Self.image(CGSize(width: 6, height: 4)) { context in
            UIColor.red.setFill()
            context.cgContext.setBlendMode(.clear)
            UIRectFillUsingBlendMode(CGRect(x: 0, y: 0, width: 2, height: 4), .normal)
            context.fill(CGRect(x: 2, y: 0, width: 2, height: 4), blendMode: .copy)
            context.fill(CGRect(x: 4, y: 0, width: 2, height: 4))
        }
        expect(ImageRendererTests.pixel(image, 0, 0) == [255, 0, 0, 255])
        expect(ImageRendererTests.pixel(image, 3, 0) == [255, 0, 0, 255])
        expect(ImageRendererTests.pixel(image, 5, 0) == [0, 0, 0, 0])
    }
}
