import CFrameGenVector
import Foundation

/// The vector images of an app's asset catalogs drawn into pixels, as Xcode's catalog compiler
/// draws them for a device, at the image's size and the screen's scale: an SVG of filled shapes
/// as Core Graphics fills them (SVGShapes), any other SVG with librsvg, PDF (its first page)
/// with poppler, each library loaded the first time it is needed (docs/decisions.md, "Vector
/// images").
enum VectorImages {
    /// The longest side a vector image is drawn at, in pixels: a larger one is refused (a
    /// malformed `width` or media box would otherwise ask for gigabytes).
    static let maximumSide = 8192

    /// A drawn image, or why there is none.
    typealias Drawn = Result<UIImage.Bitmap, Failure>

    enum Failure: Error, Equatable {
        /// The library that draws the kind is not installed; its file name.
        case noLibrary(String)
        /// The library cannot read the document.
        case unreadable
        /// The size is out of bounds, or drawing failed.
        case failed
    }

    /// `data`, an SVG document (`svg`) or a PDF one, drawn to fill `width` x `height` pixels (an
    /// SVG's view box or a PDF's first page scaled to them, as a catalog's image is),
    /// premultiplied RGBA.
    static func draw(svg: Bool, _ data: [UInt8], width: Int, height: Int) -> Drawn {
        guard !data.isEmpty, width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            return .failure(.failed)
        }
        if svg, let shapes = SVGShapes.parse(data),
            let drawn = SVGShapes.draw(shapes, width: width, height: height)
        {
            return .success(drawn)
        }
        let kind = svg ? CVECTOR_SVG : CVECTOR_PDF
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = data.withUnsafeBufferPointer { document in
            pixels.withUnsafeMutableBufferPointer {
                cvector_draw(
                    kind, document.baseAddress, document.count, Int32(width), Int32(height), $0.baseAddress)
            }
        }
        switch status {
        case CVECTOR_OK: return .success(UIImage.Bitmap(width: width, height: height, pixels: pixels))
        case CVECTOR_NO_LIBRARY: return .failure(.noLibrary(String(cString: cvector_library(kind))))
        case CVECTOR_UNREADABLE: return .failure(.unreadable)
        default: return .failure(.failed)
        }
    }
}
