import Foundation
import FrameGenCodecs
import FrameGenRaster

// UIImage's initialisers that read image files, through framegen's own decoders (PNG and JPEG,
// Sources/FrameGenCodecs), so that a cell's image view shows a picture (docs/uikit.md "Cells").
extension UIImage {
    /// The PNG or JPEG file at `path` (a relative path from the current directory), or nil when
    /// it cannot be read or decoded, as on iOS. A name ending in `@2x` or `@3x` (before the
    /// extension) gives the image that scale, as on iOS. Each file is decoded once per process.
    public convenience init?(contentsOfFile path: String) {
        guard let bitmap = DecodedImages.shared.bitmap(file: path) else { return nil }
        let stem = (path as NSString).deletingPathExtension
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        self.init(bitmap: bitmap, scale: scale)
    }

    /// A PNG or JPEG image from its bytes; nil when they are not one.
    public convenience init?(data: Data) { self.init(data: data, scale: 1) }

    public convenience init?(data: Data, scale: CGFloat) {
        guard let bitmap = UIImage.bitmap(fileData: data) else { return nil }
        self.init(bitmap: bitmap, scale: scale)
    }

    /// A PNG or JPEG file's pixels; nil when the bytes are not one.
    static func bitmap(fileData data: Data) -> Bitmap? {
        (try? ImageFile.decode([UInt8](data))).map(Bitmap.init)
    }
}

/// Files decoded once: every instant of a render makes its cells anew, and they load the same
/// few images again and again.
final class DecodedImages: @unchecked Sendable {
    static let shared = DecodedImages()
    private let files = Memo<UIImage.Bitmap?>()
    private let sizes = Memo<(width: Int, height: Int)?>()

    /// A file's size in pixels as shown (after a JPEG's EXIF orientation), from its header.
    func pixelSize(file path: String) -> (width: Int, height: Int)? {
        sizes.value(path) {
            (try? ImageFile.readInfo(file: path, validate: false)).map { ($0.width, $0.height) }
        }
    }

    func bitmap(file path: String) -> UIImage.Bitmap? {
        files.value(path) { (try? ImageFile.decode(file: path)).map { UIImage.Bitmap($0) } }
    }

    private let vectors = Memo<VectorImages.Drawn>()

    /// An SVG or PDF file drawn at `width` x `height` pixels (VectorImages), read from its
    /// first 16 MB.
    func vector(file path: String, svg: Bool, width: Int, height: Int) -> VectorImages.Drawn {
        vectors.value("\(path)\u{0}\(width)x\(height)") {
            guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: 16 << 20) else { return .failure(.unreadable) }
            return VectorImages.draw(svg: svg, [UInt8](data), width: width, height: height)
        }
    }
}

extension UIImage {
    /// The image as a PNG file's bytes (8-bit RGBA, straight alpha, as UIKit writes them); nil
    /// for an image without pixels (an empty one, or a scene photo drawn from the renderer's
    /// textures).
    public func pngData() -> Data? {
        guard let bitmap, bitmap.width > 0, bitmap.height > 0,
            let image = Image(
                width: bitmap.width, height: bitmap.height, stride: bitmap.width * 4,
                premultipliedBytes: bitmap.pixels),
            let bytes = try? PNG.encode(image)
        else { return nil }
        return Data(bytes)
    }
}
