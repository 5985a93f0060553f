import Foundation
import FrameGenCodecs
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster

// UIImage and Core Graphics: an image from a CGImage and its CGImage back, drawn into the
// current context, and written as JPEG (docs/uikit.md "Images in a context").
extension UIImage {
    /// An image of `cgImage`'s pixels, one pixel per point.
    public convenience init(cgImage: CGImage) {
        self.init(bitmap: cgImage.bitmap, scale: 1)
    }

    /// An image of `cgImage`'s pixels, `scale` pixels per point (1 where it is not a positive
    /// number), turned by `orientation` as iOS shows it. framegen's images are upright (a
    /// JPEG's EXIF orientation is applied when it is decoded), so the turn is applied to the
    /// pixels here: the image draws and shows as on iOS, its `imageOrientation` is `.up` and
    /// its `cgImage` holds the turned pixels.
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {
        let b = cgImage.bitmap
        let turned = orientation.exif.apply(b.pixels, width: b.width, height: b.height)
        self.init(
            bitmap: Bitmap(width: turned.width, height: turned.height, pixels: turned.pixels),
            scale: scale > 0 && scale.isFinite ? scale : 1)
    }

    /// The image as a baseline JPEG (alpha dropped: what is transparent comes out black, as
    /// from iOS), `compressionQuality` 0...1 read as libjpeg's quality 1...100; nil for an image
    /// without pixels.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let bitmap, bitmap.width > 0, bitmap.height > 0,
            let image = Image(
                width: bitmap.width, height: bitmap.height, stride: bitmap.width * 4,
                premultipliedBytes: bitmap.pixels)
        else { return nil }
        let quality = (min(max(compressionQuality, 0), 1) * 100).rounded().clampedInt(in: 1...100, nan: 75)
        return (try? JPEG.encode(image, quality: quality)).map { Data($0) }
    }

    /// What the renderer draws for the image: a scene photo from its textures, or the pixels;
    /// nil for an image with neither.
    package func snapshotContents(mode: LayerSnapshot.Contents.Mode, bitmap: Bitmap?) -> LayerSnapshot
        .Contents?
    {
        if let photo = scenePhoto {
            return LayerSnapshot.Contents(
                width: Int(photo.pixelSize.width), height: Int(photo.pixelSize.height), pixels: [],
                mode: mode, source: photo.source)
        }
        guard let bitmap else { return nil }
        var contents = LayerSnapshot.Contents(
            width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels, mode: mode)
        contents.textRects = bitmap.textRects
        return contents
    }

    /// UIKit's drawing of an image: upright in `rect` (its first row at the rect's top in the
    /// context's top-left space), a resizable one in its pieces, in `blendMode` at `alpha`,
    /// which replace the context's own for the drawing, as `draw(in:blendMode:alpha:)` sets them.
    func drawInCurrentContext(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let pieces: [(contents: LayerSnapshot.Contents, rect: CGRect)]
        if let bitmap, scenePhoto == nil, capInsets != .zero {
            pieces = self.pieces(of: bitmap, in: rect)
        } else if let contents = snapshotContents(mode: .scaleToFill, bitmap: bitmap) {
            pieces = [(contents, rect)]
        } else {
            return
        }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(1)
        for piece in pieces { context.draw(piece.contents, in: piece.rect, flipped: false, alpha: alpha) }
        context.restoreGState()
    }
}

// Resizable images: caps that keep their size, and a middle that fills the rest.
extension UIImage {
    public enum ResizingMode: Int, Sendable {
        case tile = 0
        case stretch = 1
    }

    /// The image with `capInsets`, tiling its middle, as UIKit's default.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// The same pixels with `capInsets` (in points) and `resizingMode`: drawn larger (an image
    /// view's scale-to-fill, `draw(in:)`), the corners keep their size, the edges stretch along
    /// themselves and the middle fills the rest. framegen stretches a `.tile` middle too
    /// (docs/uikit.md "Images in a context").
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        let image = withRenderingMode(renderingMode)
        (image.capInsets, image.resizingMode) = (capInsets, resizingMode)
        return image
    }

    /// The pieces `bitmap` (this image's pixels, or their tinted copy) is drawn in over `rect`:
    /// up to nine parts of it, each with where it goes. Caps wider than `rect` shrink in
    /// proportion, so that they meet.
    package func pieces(of bitmap: Bitmap, in rect: CGRect) -> [(
        contents: LayerSnapshot.Contents, rect: CGRect
    )] {
        guard let image = CGImage(bitmap: bitmap) else { return [] }
        /// The three spans of one axis: in pixels of `pixels`, and in points from `from` to `to`.
        func spans(_ first: CGFloat, _ last: CGFloat, pixels: Int, from: CGFloat, to: CGFloat)
            -> [(pixels: Range<Int>, points: (CGFloat, CGFloat))]
        {
            let a = (first * scale).rounded().clampedInt(in: 0...pixels, nan: 0)
            let b = (last * scale).rounded().clampedInt(in: 0...(pixels - a), nan: 0)
            var (capA, capB) = (CGFloat(a) / scale, CGFloat(b) / scale)
            if capA + capB > to - from, capA + capB > 0 {
                let shrink = max(to - from, 0) / (capA + capB)
                (capA, capB) = (capA * shrink, capB * shrink)
            }
            return [
                (0..<a, (from, from + capA)), (a..<(pixels - b), (from + capA, to - capB)),
                ((pixels - b)..<pixels, (to - capB, to)),
            ].filter { !$0.pixels.isEmpty && $0.points.1 > $0.points.0 }
        }
        let columns = spans(
            capInsets.left, capInsets.right, pixels: bitmap.width, from: rect.minX, to: rect.maxX)
        let rows = spans(
            capInsets.top, capInsets.bottom, pixels: bitmap.height, from: rect.minY, to: rect.maxY)
        return rows.flatMap { row in
            columns.compactMap { column in
                let part = CGRect(
                    x: column.pixels.lowerBound, y: row.pixels.lowerBound, width: column.pixels.count,
                    height: row.pixels.count)
                guard let piece = image.cropping(to: part)?.bitmap else { return nil }
                let contents = LayerSnapshot.Contents(
                    width: piece.width, height: piece.height, pixels: piece.pixels, mode: .scaleToFill)
                let placed = CGRect(
                    x: column.points.0, y: row.points.0, width: column.points.1 - column.points.0,
                    height: row.points.1 - row.points.0)
                return (contents, placed)
            }
        }
    }
}

extension UIImage.Orientation {
    /// The same turn under EXIF's numbering, which the decoders apply.
    var exif: ImageOrientation {
        switch self {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .upMirrored: .upMirrored
        case .downMirrored: .downMirrored
        case .leftMirrored: .leftMirrored
        case .rightMirrored: .rightMirrored
        }
    }
}
