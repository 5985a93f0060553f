import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// What the image strategies draw with, as apps use it: `UIGraphicsImageRenderer`,
/// `CALayer.render(in:)`, `UIView.drawHierarchy(in:afterScreenUpdates:)`, `UIImage.pngData()`.
@Suite struct ImageRendererTests {
    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        let b = image.bitmap!
        let o = (y * b.width + x) * 4
        return Array(b.pixels[o..<(o + 4)])
    }

    @Test func rendererFillsAtItsScale() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 5), format: format).image {
            context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
        expect(image.scale == 2)
        expect(image.size == CGSize(width: 10, height: 5))
        expect(image.bitmap?.width == 20 && image.bitmap?.height == 10)
        expect(Self.pixel(image, 2, 2) == [255, 0, 0, 255])
        expect(Self.pixel(image, 15, 2) == [0, 0, 0, 0])
    }

    /// A view tree drawn by its layer: backgrounds, a subview where its frame puts it, a corner
    /// radius clipping.
    @Test func layerRendersItsTree() {
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 20, height: 10))
        view.backgroundColor = .blue
        let child = UIView(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
        child.backgroundColor = .green
        view.addSubview(child)
        let image = UIGraphicsImageRenderer(
            bounds: view.bounds, format: UIGraphicsImageRendererFormat(for: .init(displayScale: 1))
        )
        .image { view.layer.render(in: $0.cgContext) }
        expect(Self.pixel(image, 2, 5) == [0, 0, 255, 255])
        expect(Self.pixel(image, 15, 5) == [0, 255, 0, 255])
    }

    @Test func drawHierarchyScalesIntoItsRect() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { _ in
            view.drawHierarchy(in: CGRect(x: 10, y: 0, width: 10, height: 20), afterScreenUpdates: true)
        }
        expect(Self.pixel(image, 5, 5) == [0, 0, 0, 0])
        expect(Self.pixel(image, 15, 15) == [255, 0, 0, 255])
    }

    @Test func pngRoundTrip() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2)).image { context in
            UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        }
        let data = try #require(image.pngData())
        let read = try #require(UIImage(data: data, scale: image.scale))
        expect(read.bitmap == image.bitmap)
        expect(read.size == image.size)
    }

    /// A collection view no scene drives shows its data source's cells where its layout puts
    /// them, as after a layout pass on iOS.
    @Test func collectionViewShowsItsCells() {
        final class Source: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
                -> Int
            { 3 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
                -> UICollectionViewCell
            {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
                cell.contentView.backgroundColor = [UIColor.red, .green, .blue][indexPath.item]
                return cell
            }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 10, height: 10)
        layout.minimumInteritemSpacing = 5
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 40, height: 10), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let source = Source()
        view.dataSource = source
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(bounds: view.bounds, format: format).image {
            view.layer.render(in: $0.cgContext)
        }
        expect(view.visibleCells.count == 3)
        expect(Self.pixel(image, 5, 5) == [255, 0, 0, 255])
        expect(Self.pixel(image, 20, 5) == [0, 255, 0, 255])
        expect(Self.pixel(image, 35, 5) == [0, 0, 255, 255])
    }

    /// UIKit's older image contexts: begun at a scale, drawn into through the current context,
    /// read, ended; a rounded path filled at 2x, as generated images are made.
    @Test func imageContextDrawsAtItsScale() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 5), false, 2)
        let context = try #require(UIGraphicsGetCurrentContext())
        UIColor.red.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        UIColor.blue.setFill()
        UIBezierPath(roundedRect: CGRect(x: 5, y: 0, width: 5, height: 5), cornerRadius: 2).fill()
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        expect(UIGraphicsGetCurrentContext() == nil)
        expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        expect(image.scale == 2)
        expect(image.size == CGSize(width: 10, height: 5))
        expect(image.bitmap?.width == 20 && image.bitmap?.height == 10)
        expect(Self.pixel(image, 2, 2) == [255, 0, 0, 255])
        expect(Self.pixel(image, 15, 5) == [0, 0, 255, 255])
        expect(Self.pixel(image, 10, 0) == [0, 0, 0, 0])
    }

    /// A scale of 0 is the main screen's; contexts nest, and a context pushed over an image
    /// context is not an image context.
    @Test func imageContextsNest() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 0)
        let outer = try #require(UIGraphicsGetCurrentContext())
        UIGraphicsBeginImageContext(CGSize(width: 2, height: 2))
        let inner = try #require(UIGraphicsGetImageFromCurrentImageContext())
        expect(inner.scale == 1 && inner.size == CGSize(width: 2, height: 2))
        UIGraphicsEndImageContext()
        expect(UIGraphicsGetCurrentContext() === outer)
        let other = CGContext(boundsOrigin: .zero)
        UIGraphicsPushContext(other)
        expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsPopContext()
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        expect(image.scale == UIScreen.main.scale)
        expect(UIGraphicsGetCurrentContext() == nil)
    }
}

/// An animated image holds its frames and their duration and, at rest, is its first frame:
/// its size, scale and pixels; none without frames.
@Test func anAnimatedImageIsItsFirstFrameAtRest() {
    func frame(_ color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 6, height: 4)).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 6, height: 4))
        }
    }
    let frames = [frame(.red), frame(.green), frame(.blue)]
    let animated = UIImage.animatedImage(with: frames, duration: 1.5)
    #expect(animated?.images?.count == 3)
    #expect(animated?.duration == 1.5)
    #expect(animated?.size == CGSize(width: 6, height: 4))
    #expect(animated?.scale == frames[0].scale)
    #expect(animated?.pngData() == frames[0].pngData())
    #expect(frames[0].images == nil && frames[0].duration == 0)
    #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
}

/// A label of one emoji, sized to fit and drawn into an image context, gives an image with a
/// CGImage, as on iOS (an app's `UIImage(view:)` unwraps both).
@Test func anEmojiLabelDrawnIntoAContextGivesAnImage() throws {
    let label = UILabel()
    label.text = "👹"
    label.isOpaque = false
    label.sizeToFit()
    #expect(label.bounds.width > 10 && label.bounds.height > 10, "\(label.bounds)")
    UIGraphicsBeginImageContextWithOptions(label.bounds.size, label.isOpaque, 0)
    label.layer.render(in: try #require(UIGraphicsGetCurrentContext()))
    let image = UIGraphicsGetImageFromCurrentImageContext()
    UIGraphicsEndImageContext()
    #expect(image?.cgImage != nil)
}
