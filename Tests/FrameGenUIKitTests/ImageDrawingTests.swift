import Foundation
import FrameGenCoreGraphics
import FrameGenCoreImage
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// Images in a Core Graphics context, as app code draws them: `UIImage.draw`, `CGContext.draw`
/// (flipped in UIKit's contexts, as on iOS), `makeImage`, `CGImage.cropping`, `UIImage(cgImage:)`
/// (docs/uikit.md "Images in a context").
@Suite struct ImageDrawingTests {
    static let red: [UInt8] = [255, 0, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]

    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        ImageRendererTests.pixel(image, x, y)
    }

    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        ImageRendererTests.pixel(UIImage(cgImage: image), x, y)
    }

    static func renderer(_ size: CGSize, scale: CGFloat) -> UIGraphicsImageRenderer {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: size, format: format)
    }

    /// 4 x 4 pixels at scale 1: red over blue (`vertical`) or red beside blue.
    static func halves(vertical: Bool) -> UIImage {
        renderer(CGSize(width: 4, height: 4), scale: 1).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            UIColor.blue.setFill()
            context.fill(
                vertical ? CGRect(x: 0, y: 2, width: 4, height: 2) : CGRect(x: 2, y: 0, width: 2, height: 4))
        }
    }

    @Test func drawInRectIsUpright() {
        let source = Self.halves(vertical: true)
        let image = Self.renderer(CGSize(width: 10, height: 10), scale: 1).image { _ in
            source.draw(in: CGRect(x: 2, y: 3, width: 4, height: 4))
        }
        expect(Self.pixel(image, 3, 3) == Self.red)
        expect(Self.pixel(image, 5, 4) == Self.red)
        expect(Self.pixel(image, 3, 5) == Self.blue)
        expect(Self.pixel(image, 5, 6) == Self.blue)
        expect(Self.pixel(image, 1, 3) == Self.clear)
        expect(Self.pixel(image, 3, 2) == Self.clear)
        expect(Self.pixel(image, 3, 7) == Self.clear)
        expect(Self.pixel(image, 6, 5) == Self.clear)
    }

    /// At its point size, on a context of two pixels per point: each source pixel covers 2 x 2
    /// device pixels (from pixel 2 to 10), sampled as an image view's image is: the pixels whose
    /// samples fall between two texels of one colour are that colour exactly, the two at the
    /// seam mix them.
    @Test func drawAtPointScalesToTheContext() {
        let source = Self.halves(vertical: false)
        let image = Self.renderer(CGSize(width: 6, height: 6), scale: 2).image { _ in
            source.draw(at: CGPoint(x: 1, y: 1))
        }
        expect(image.bitmap?.width == 12)
        for y in 2..<10 {
            expect(Self.pixel(image, 1, y) == Self.clear)
            for x in 2...4 { expect(Self.pixel(image, x, y) == Self.red, "(\(x), \(y))") }
            for x in 5...6 {
                let p = Self.pixel(image, x, y)
                expect(p[0] > 0 && p[2] > 0 && p[3] == 255, "(\(x), \(y))")
            }
            for x in 7...9 { expect(Self.pixel(image, x, y) == Self.blue, "(\(x), \(y))") }
            expect(Self.pixel(image, 10, y) == Self.clear)
        }
        expect(Self.pixel(image, 3, 1) == Self.clear && Self.pixel(image, 3, 10) == Self.clear)
    }

    /// A 2x image of 4 x 4 pixels is 2 x 2 points, drawn pixel for pixel on a 2x context.
    @Test func aScaledImageDrawsAtItsPointSize() throws {
        let cg = try #require(Self.halves(vertical: true).cgImage)
        let source = UIImage(cgImage: cg, scale: 2, orientation: .up)
        expect(source.size == CGSize(width: 2, height: 2))
        let image = Self.renderer(CGSize(width: 4, height: 4), scale: 2).image { _ in
            source.draw(at: CGPoint(x: 1, y: 1))
        }
        for y in 0..<8 {
            for x in 0..<8 {
                let expected =
                    !(2..<6).contains(x) || !(2..<6).contains(y) ? Self.clear : y < 4 ? Self.red : Self.blue
                expect(Self.pixel(image, x, y) == expected, "(\(x), \(y))")
            }
        }
    }

    /// Premultiplied arithmetic: red at alpha 0.5 is (128, 0, 0, 128) on nothing, and over
    /// white each channel is the source plus white times (255 - 128) / 255.
    @Test func alphaMultipliesThePixels() {
        let red = Self.renderer(CGSize(width: 2, height: 2), scale: 1).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let image = Self.renderer(CGSize(width: 4, height: 2), scale: 1).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 2, y: 0, width: 2, height: 2))
            red.draw(in: CGRect(x: 0, y: 0, width: 4, height: 2), blendMode: .normal, alpha: 0.5)
        }
        expect(Self.pixel(image, 0, 0) == [128, 0, 0, 128])
        expect(Self.pixel(image, 3, 1) == [255, 127, 127, 255])
    }

    /// The context's own alpha is replaced by the image's, as `draw(in:blendMode:alpha:)` sets it.
    @Test func drawInRectIsOpaqueWhateverTheContextAlpha() {
        let source = Self.halves(vertical: true)
        let image = Self.renderer(CGSize(width: 4, height: 4), scale: 1).image { context in
            context.cgContext.setAlpha(0.5)
            source.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        expect(Self.pixel(image, 1, 1) == Self.red)
    }

    /// Core Graphics draws an image with its first row at the rect's maximum y; UIKit's contexts
    /// are flipped, so the image comes out upside down within the rect, as on iOS.
    @Test func cgContextDrawIsFlippedInAUIKitContext() throws {
        let cg = try #require(Self.halves(vertical: true).cgImage)
        let image = Self.renderer(CGSize(width: 10, height: 10), scale: 1).image { context in
            context.cgContext.draw(cg, in: CGRect(x: 2, y: 3, width: 4, height: 4))
        }
        expect(Self.pixel(image, 3, 3) == Self.blue)
        expect(Self.pixel(image, 5, 4) == Self.blue)
        expect(Self.pixel(image, 3, 5) == Self.red)
        expect(Self.pixel(image, 5, 6) == Self.red)
        expect(Self.pixel(image, 3, 2) == Self.clear)
        expect(Self.pixel(image, 3, 7) == Self.clear)
        // The usual fix, flipping the context first, draws it upright.
        let upright = Self.renderer(CGSize(width: 4, height: 4), scale: 1).image { context in
            context.cgContext.translateBy(x: 0, y: 4)
            context.cgContext.scaleBy(x: 1, y: -1)
            context.cgContext.draw(cg, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        expect(Self.pixel(upright, 1, 0) == Self.red)
        expect(Self.pixel(upright, 1, 3) == Self.blue)
    }

    @Test func drawingIsClipped() {
        let source = Self.halves(vertical: true)
        let image = Self.renderer(CGSize(width: 4, height: 4), scale: 1).image { context in
            context.cgContext.clip(to: CGRect(x: 0, y: 0, width: 2, height: 4))
            source.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        expect(Self.pixel(image, 1, 0) == Self.red)
        expect(Self.pixel(image, 1, 3) == Self.blue)
        expect(Self.pixel(image, 2, 0) == Self.clear)
        expect(Self.pixel(image, 3, 3) == Self.clear)
    }

    /// A view's `draw(_:)` draws images into its backing store, as the screen shows it.
    @Test func aViewDrawsAnImageInDraw() {
        final class Badge: UIView {
            let image = ImageDrawingTests.halves(vertical: true)
            override func draw(_ rect: CGRect) { image.draw(in: CGRect(x: 1, y: 1, width: 4, height: 4)) }
        }
        let view = Badge(frame: CGRect(x: 0, y: 0, width: 6, height: 6))
        let image = Self.renderer(view.bounds.size, scale: 1).image { _ in
            view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
        }
        expect(Self.pixel(image, 2, 1) == Self.red)
        expect(Self.pixel(image, 2, 4) == Self.blue)
        expect(Self.pixel(image, 0, 0) == Self.clear)
    }

    @Test func makeImageTakesWhatWasDrawnSoFar() throws {
        var made: CGImage?
        _ = Self.renderer(CGSize(width: 3, height: 2), scale: 2).image { context in
            UIColor.blue.setFill()
            context.fill(CGRect(x: 1, y: 0, width: 2, height: 2))
            made = UIGraphicsGetCurrentContext()?.makeImage()
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        }
        let cg = try #require(made)
        expect(cg.width == 6 && cg.height == 4)
        expect(Self.pixel(cg, 1, 1) == Self.clear)
        expect(Self.pixel(cg, 2, 3) == Self.blue)

        UIGraphicsBeginImageContext(CGSize(width: 2, height: 2))
        UIColor.red.setFill()
        UIRectClip(CGRect(x: 0, y: 0, width: 2, height: 2))
        UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
        let context = try #require(UIGraphicsGetCurrentContext()?.makeImage())
        let current = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        UIGraphicsEndImageContext()
        expect(Self.pixel(context, 0, 1) == Self.red && Self.pixel(context, 1, 1) == Self.clear)
        expect(context.bitmap == current.bitmap)
    }

    /// A view's `draw(_:)` context is no image context.
    @Test func aViewsContextMakesNoImage() {
        final class Probe: UIView {
            var made: CGImage?? = nil
            override func draw(_ rect: CGRect) { made = .some(UIGraphicsGetCurrentContext()?.makeImage()) }
        }
        let view = Probe(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        _ = Self.renderer(view.bounds.size, scale: 1).image { _ in
            view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
        }
        expect(view.made != nil)
        expect(view.made! == nil)
    }

    @Test func cgImageDescribesItsPixels() throws {
        let image = Self.halves(vertical: true)
        let cg = try #require(image.cgImage)
        expect(cg.width == 4 && cg.height == 4)
        expect(cg.bitsPerComponent == 8 && cg.bitsPerPixel == 32 && cg.bytesPerRow == 16)
        expect(cg.alphaInfo == .premultipliedLast)
        expect(
            cg.bitmapInfo.intersection(.alphaInfoMask).rawValue == CGImageAlphaInfo.premultipliedLast.rawValue
        )
        expect(cg.colorSpace?.model == .rgb)
        expect(UIImage().cgImage == nil)
    }

    @Test func cgImageRoundTrip() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2), format: format).image {
            context in
            UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let cg = try #require(image.cgImage)
        let back = UIImage(cgImage: cg)
        expect(back.bitmap == image.bitmap)
        expect(back.scale == 1 && back.size == CGSize(width: 9, height: 6))
        let scaled = UIImage(cgImage: cg, scale: image.scale, orientation: .up)
        expect(scaled.size == image.size && scaled.bitmap == image.bitmap)
        expect(UIImage(cgImage: cg, scale: .nan, orientation: .up).scale == 1)
    }

    /// `.right`: shown turned a quarter clockwise, so the stored left column is the top row.
    @Test func orientationTurnsThePixels() throws {
        let cg = try #require(Self.halves(vertical: false).cgImage)
        let turned = UIImage(cgImage: cg, scale: 2, orientation: .right)
        expect(turned.size == CGSize(width: 2, height: 2))
        let shown = try #require(turned.cgImage)
        expect(Self.pixel(shown, 3, 0) == Self.red && Self.pixel(shown, 0, 3) == Self.blue)
        let mirrored = try #require(UIImage(cgImage: cg, scale: 1, orientation: .upMirrored).cgImage)
        expect(Self.pixel(mirrored, 0, 0) == Self.blue && Self.pixel(mirrored, 3, 0) == Self.red)
    }

    @Test func croppingKeepsTheRectInPixels() throws {
        let cg = try #require(Self.halves(vertical: true).cgImage)
        let bottom = try #require(cg.cropping(to: CGRect(x: 1, y: 2, width: 2, height: 2)))
        expect(bottom.width == 2 && bottom.height == 2)
        expect(Self.pixel(bottom, 0, 0) == Self.blue && Self.pixel(bottom, 1, 1) == Self.blue)
        // Rounded out to whole pixels, then cut to the image.
        let rounded = try #require(cg.cropping(to: CGRect(x: 0.5, y: 1.5, width: 1, height: 10)))
        expect(rounded.width == 2 && rounded.height == 3)
        expect(Self.pixel(rounded, 0, 0) == Self.red && Self.pixel(rounded, 0, 1) == Self.blue)
        expect(cg.cropping(to: CGRect(x: 4, y: 0, width: 2, height: 2)) == nil)
        expect(cg.cropping(to: CGRect(x: -3, y: -3, width: 2, height: 2)) == nil)
        expect(cg.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2)) == nil)
        expect(cg.cropping(to: .zero) == nil)
        expect(cg.cropping(to: .infinite)?.width == 4)
    }

    /// Bad input draws nothing and never traps.
    @Test func badRectsDrawNothing() throws {
        let source = Self.halves(vertical: true)
        let cg = try #require(source.cgImage)
        let rects = [
            CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4),
            CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 4),
            CGRect(x: 0, y: 0, width: 0, height: 4), .null,
        ]
        let image = Self.renderer(CGSize(width: 4, height: 4), scale: 1).image { context in
            for rect in rects {
                source.draw(in: rect)
                source.draw(in: rect, blendMode: .normal, alpha: .nan)
                context.cgContext.draw(cg, in: rect)
            }
            UIImage().draw(at: .zero)
            source.draw(at: .zero, blendMode: .normal, alpha: 0)
        }
        expect(image.bitmap.map { $0.pixels.allSatisfy { $0 == 0 } } == true)
        // Where iOS says nothing: drawn through its (finite) numbers, without a trap.
        _ = Self.renderer(CGSize(width: 4, height: 4), scale: 1).image { context in
            source.draw(in: .infinite)
            context.cgContext.draw(cg, in: CGRect(x: 0, y: 0, width: 1e300, height: -1e300))
        }
    }

    /// framegen composites `.normal` only: the colour blends paint as it, and the Porter-Duff
    /// modes that would erase or keep what lies under paint nothing.
    @Test func blendModes() {
        let source = Self.halves(vertical: true)
        let image = Self.renderer(CGSize(width: 4, height: 4), scale: 1).image { context in
            source.draw(in: CGRect(x: 0, y: 0, width: 2, height: 4), blendMode: .multiply, alpha: 1)
            source.draw(in: CGRect(x: 2, y: 0, width: 2, height: 4), blendMode: .sourceIn, alpha: 1)
            context.cgContext.setBlendMode(.clear)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        expect(Self.pixel(image, 0, 0) == Self.red && Self.pixel(image, 0, 3) == Self.blue)
        expect(Self.pixel(image, 3, 0) == Self.clear)
    }

    @Test func jpegData() throws {
        let data = try #require(Self.halves(vertical: true).jpegData(compressionQuality: 0.9))
        let read = try #require(UIImage(data: data))
        expect(read.size == CGSize(width: 4, height: 4))
        expect(UIImage().jpegData(compressionQuality: 1) == nil)
        let rendered = Self.renderer(CGSize(width: 2, height: 2), scale: 1).jpegData(
            withCompressionQuality: 0.5
        ) {
            $0.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        expect(UIImage(data: rendered)?.size == CGSize(width: 2, height: 2))
    }

    /// A filter's output back to UIKit: `CIImage(cgImage:)`, `createCGImage(_:from:)`.
    @Test func coreImageRoundTrip() throws {
        let cg = try #require(Self.halves(vertical: true).cgImage)
        let ci = CIImage(cgImage: cg)
        expect(ci.extent == CGRect(x: 0, y: 0, width: 4, height: 4))
        let context = CIContext()
        let back = try #require(context.createCGImage(ci, from: ci.extent))
        expect(back.bitmap == cg.bitmap)
        let top = try #require(context.createCGImage(ci, from: CGRect(x: 0, y: 2, width: 4, height: 2)))
        expect(top.height == 2 && Self.pixel(top, 0, 0) == Self.red && Self.pixel(top, 3, 1) == Self.red)
        expect(context.createCGImage(ci, from: .infinite) == nil)
        expect(context.createCGImage(ci, from: .null) == nil)
    }

    /// 4 x 4 pixels: a red ring one pixel wide around blue.
    static let ring = renderer(CGSize(width: 4, height: 4), scale: 1).image { context in
        UIColor.red.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        UIColor.blue.setFill()
        context.fill(CGRect(x: 1, y: 1, width: 2, height: 2))
    }

    /// The caps keep their size drawn larger: the ring stays one pixel wide.
    static func expectRing(_ image: UIImage, width: Int, height: Int) {
        for y in 0..<height {
            for x in 0..<width {
                let onRing = x == 0 || y == 0 || x == width - 1 || y == height - 1
                expect(pixel(image, x, y) == (onRing ? red : blue), "(\(x), \(y))")
            }
        }
    }

    @Test func aResizableImageKeepsItsCaps() {
        let insets = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        let resizable = Self.ring.resizableImage(withCapInsets: insets, resizingMode: .stretch)
        expect(resizable.capInsets == insets && resizable.resizingMode == .stretch)
        expect(Self.ring.resizableImage(withCapInsets: insets).resizingMode == .tile)
        expect(resizable.withRenderingMode(.alwaysOriginal).capInsets == insets)
        let drawn = Self.renderer(CGSize(width: 10, height: 6), scale: 1).image { _ in
            resizable.draw(in: CGRect(x: 0, y: 0, width: 10, height: 6))
        }
        Self.expectRing(drawn, width: 10, height: 6)
        let view = UIImageView(image: resizable)
        view.frame = CGRect(x: 0, y: 0, width: 7, height: 9)
        let shown = Self.renderer(view.bounds.size, scale: 1).image { _ in
            view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
        }
        Self.expectRing(shown, width: 7, height: 9)
        // Without caps the ring is stretched with the rest.
        let plain = Self.renderer(CGSize(width: 10, height: 6), scale: 1).image { _ in
            Self.ring.draw(in: CGRect(x: 0, y: 0, width: 10, height: 6))
        }
        expect(Self.pixel(plain, 1, 1)[0] > 200)
        // Caps wider than the rect shrink to meet; bad insets draw without trapping.
        let bad = Self.ring.resizableImage(
            withCapInsets: UIEdgeInsets(top: .nan, left: 9, bottom: -1, right: .infinity))
        _ = Self.renderer(CGSize(width: 2, height: 2), scale: 1).image { _ in
            bad.draw(in: CGRect(x: 0, y: 0, width: 2, height: 2))
            resizable.draw(in: CGRect(x: 0, y: 0, width: 1, height: 1))
        }
    }
}

/// A layer's own picture (`layer.contents = image.cgImage`), placed by its contents gravity, as
/// custom layers set it; and an image view's preferred symbol configuration sizing its symbol.
@Suite struct LayerContentsTests {
    @MainActor @Test func aCGImageAsALayersContentsFillsItByItsGravity() {
        let picture = ImageDrawingTests.halves(vertical: false).cgImage!  // red | blue, 4 x 4 px
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        let layer = CALayer()
        layer.frame = view.bounds
        layer.contents = picture
        view.layer.addSublayer(layer)
        func image() -> UIImage {
            ImageDrawingTests.renderer(view.bounds.size, scale: 1).image {
                view.layer.render(in: $0.cgContext)
            }
        }
        let stretched = image()
        expect(ImageDrawingTests.pixel(stretched, 2, 5) == ImageDrawingTests.red)
        expect(ImageDrawingTests.pixel(stretched, 17, 5) == ImageDrawingTests.blue)
        // Fitted: a 10 x 10 square in the middle, clear at the sides.
        layer.contentsGravity = .resizeAspect
        let fitted = image()
        expect(ImageDrawingTests.pixel(fitted, 2, 5) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(fitted, 6, 5) == ImageDrawingTests.red)
        expect(ImageDrawingTests.pixel(fitted, 13, 5) == ImageDrawingTests.blue)
        // Centred at its contents scale: 4 px at scale 2 is 2 points, from x 9 to 11.
        layer.contentsGravity = .center
        layer.contentsScale = 2
        let centred = image()
        expect(ImageDrawingTests.pixel(centred, 8, 5) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(centred, 9, 5)[3] == 255)
        expect(ImageDrawingTests.pixel(centred, 11, 5) == ImageDrawingTests.clear)
    }

    /// UIKit draws an image at its size (its pixels over its own scale) in the `center`, edge
    /// and corner content modes, whatever the screen's scale: a 4 px image at scale 2 is 2
    /// points, in a 10 point view drawn at scale 1.
    @MainActor @Test func anImageViewAtItsSizeKeepsToItsContentModesEdge() throws {
        let cg = try #require(ImageDrawingTests.halves(vertical: false).cgImage)
        let view = UIImageView(image: UIImage(cgImage: cg, scale: 2, orientation: .up))
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        func covered(_ mode: UIView.ContentMode) -> [Int] {
            view.contentMode = mode
            let image = ImageDrawingTests.renderer(view.bounds.size, scale: 1).image {
                view.layer.render(in: $0.cgContext)
            }
            // The covered pixels' box: min x, min y, max x, max y.
            var box = [10, 10, -1, -1]
            for y in 0..<10 {
                for x in 0..<10 where ImageDrawingTests.pixel(image, x, y)[3] > 0 {
                    box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
                }
            }
            return box
        }
        expect(covered(.center) == [4, 4, 5, 5])
        expect(covered(.top) == [4, 0, 5, 1])
        expect(covered(.bottom) == [4, 8, 5, 9])
        expect(covered(.left) == [0, 4, 1, 5])
        expect(covered(.right) == [8, 4, 9, 5])
        expect(covered(.topLeft) == [0, 0, 1, 1])
        expect(covered(.topRight) == [8, 0, 9, 1])
        expect(covered(.bottomLeft) == [0, 8, 1, 9])
        expect(covered(.bottomRight) == [8, 8, 9, 9])
        expect(covered(.scaleToFill) == [0, 0, 9, 9])
    }

    /// The gravities name Core Animation's unflipped edges: on iOS a layer's `.top` keeps its
    /// picture at the bottom of the layer on screen.
    @MainActor @Test func aLayersTopGravityIsItsBottomOnScreen() throws {
        let picture = try #require(ImageDrawingTests.halves(vertical: false).cgImage)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let layer = CALayer()
        layer.frame = view.bounds
        layer.contents = picture
        layer.contentsScale = 2
        view.layer.addSublayer(layer)
        func opaque(_ gravity: CALayerContentsGravity, _ x: Int, _ y: Int) -> Bool {
            layer.contentsGravity = gravity
            let image = ImageDrawingTests.renderer(view.bounds.size, scale: 1).image {
                view.layer.render(in: $0.cgContext)
            }
            return ImageDrawingTests.pixel(image, x, y)[3] == 255
        }
        expect(opaque(.top, 4, 9) && !opaque(.top, 4, 0))
        expect(opaque(.bottom, 4, 0) && !opaque(.bottom, 4, 9))
        expect(opaque(.topLeft, 0, 9) && opaque(.bottomRight, 9, 0))
        expect(opaque(.left, 0, 4) && !opaque(.left, 9, 4))
    }

    @MainActor @Test func anImageViewsPreferredSymbolConfigurationSizesItsSymbol() throws {
        let symbol = try #require(UIImage(systemName: "star"))
        let view = UIImageView(image: symbol)
        let plain = view.intrinsicContentSize
        view.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 40)
        let large = try #require(
            symbol.applyingSymbolConfiguration(UIImage.SymbolConfiguration(pointSize: 40)))
        expect(view.intrinsicContentSize == large.size)
        expect(view.intrinsicContentSize.width > plain.width)
        expect((view.layer.contents as? UIImage)?.size == large.size)
    }
}

/// CAReplicatorLayer's copies, as spinners and bar rows use it: each one more instance
/// transform along (about the replicator's centre), its alpha moved by the offset.
@Suite struct ReplicatorLayerTests {
    @MainActor static func image(_ replicator: CAReplicatorLayer, _ size: CGSize) -> UIImage {
        let view = UIView(frame: CGRect(origin: .zero, size: size))
        replicator.frame = view.bounds
        view.layer.addSublayer(replicator)
        return ImageDrawingTests.renderer(size, scale: 1).image { view.layer.render(in: $0.cgContext) }
    }

    @MainActor static func dot(_ frame: CGRect) -> CALayer {
        let dot = CALayer()
        dot.frame = frame
        dot.backgroundColor = UIColor.red.cgColor
        return dot
    }

    @MainActor @Test func copiesAreTranslatedAndFadedInTurn() {
        let replicator = CAReplicatorLayer()
        replicator.addSublayer(Self.dot(CGRect(x: 0, y: 0, width: 10, height: 10)))
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceAlphaOffset = -0.25
        let image = Self.image(replicator, CGSize(width: 100, height: 20))
        expect(ImageDrawingTests.pixel(image, 5, 5) == ImageDrawingTests.red)
        expect(ImageDrawingTests.pixel(image, 15, 5) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(image, 25, 5)[3] == 191)
        expect(ImageDrawingTests.pixel(image, 45, 5)[3] == 128)
        expect(ImageDrawingTests.pixel(image, 65, 5) == ImageDrawingTests.clear)
    }

    @MainActor @Test func copiesTurnAboutTheReplicatorsCentre() {
        let replicator = CAReplicatorLayer()
        replicator.addSublayer(Self.dot(CGRect(x: 45, y: 0, width: 10, height: 10)))
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let image = Self.image(replicator, CGSize(width: 100, height: 100))
        for (x, y) in [(50, 5), (94, 50), (50, 94), (5, 50)] {
            expect(ImageDrawingTests.pixel(image, x, y) == ImageDrawingTests.red)
        }
        expect(ImageDrawingTests.pixel(image, 50, 50) == ImageDrawingTests.clear)
        replicator.instanceCount = 0
        let none = Self.image(replicator, CGSize(width: 100, height: 100))
        expect(ImageDrawingTests.pixel(none, 50, 5) == ImageDrawingTests.clear)
    }
}

/// UIImage's variants apps make: mirrored pixels, alignment insets and right-to-left mirroring
/// kept, each carrying the image's other settings.
@Test func anImagesVariantsKeepItsSettings() throws {
    let halves = ImageDrawingTests.halves(vertical: false).resizableImage(
        withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
    let mirrored = halves.withHorizontallyFlippedOrientation()
    expect(ImageDrawingTests.pixel(mirrored, 0, 0) == ImageDrawingTests.blue)
    expect(ImageDrawingTests.pixel(mirrored, 3, 3) == ImageDrawingTests.red)
    expect(mirrored.capInsets == halves.capInsets)
    let inset = halves.withAlignmentRectInsets(UIEdgeInsets(top: 2, left: 0, bottom: 0, right: 0))
    expect(inset.alignmentRectInsets.top == 2 && inset.capInsets == halves.capInsets)
    expect(halves.imageFlippedForRightToLeftLayoutDirection().flipsForRightToLeftLayoutDirection)
    expect(!halves.flipsForRightToLeftLayoutDirection)
    expect(halves.withRenderingMode(.alwaysTemplate).alignmentRectInsets == .zero)
}
