import Codecs
import Foundation
import Geometry
import Layout
import Raster

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
        return LayerSnapshot.Contents(
            width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels, mode: mode)
    }

    /// UIKit's drawing of an image: upright in `rect` (its first row at the rect's top in the
    /// context's top-left space), in `blendMode` at `alpha`, which replace the context's own
    /// for the drawing, as `draw(in:blendMode:alpha:)` sets them.
    func drawInCurrentContext(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(),
            let contents = snapshotContents(mode: .scaleToFill, bitmap: bitmap)
        else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(1)
        context.draw(contents, in: rect, flipped: false, alpha: alpha)
        context.restoreGState()
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
