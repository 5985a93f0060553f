import CFrameGenJPEG
import FrameGenRaster

/// JPEG decoding through libjpeg-turbo (via the CFrameGenJPEG shim, the only code that touches its
/// setjmp error handling), with the EXIF orientation applied. The same contract as `PNG`:
/// thread-safe, errors are `ImageFileError`s (every codec's error), bad input never crashes and
/// never yields a partial image, sizes are checked against `ImageLimits` before any pixel
/// memory is allocated.
public enum JPEG {
    /// The libjpeg-turbo version framegen was built against, e.g. "2.1.5".
    public static var libraryVersion: String { String(cString: cjpeg_library_version()) }

    /// The header and EXIF orientation of a JPEG in memory; decodes no pixels.
    public static func readInfo(_ bytes: [UInt8]) throws(ImageFileError) -> JPEGInfo {
        try info(bytes, validate: false, limits: .default)
    }

    /// The header, after checking that every scan decodes (one output row of memory at a time,
    /// plus the coefficient buffer a progressive file needs). Sizes over `limits` are refused
    /// first.
    public static func validate(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageFileError)
        -> JPEGInfo
    {
        try info(bytes, validate: true, limits: limits)
    }

    /// Decodes a JPEG to a premultiplied `Image` as it is shown (orientation applied). JPEG is
    /// opaque, so premultiplied and straight pixels are the same bytes.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageFileError)
        -> Image
    {
        try decode(bytes, reducedBy: 1, limits: limits)
    }

    /// The same at 1/`reduction` of its size (1, 2, 4 or 8; each side divided and rounded up),
    /// reduced by libjpeg-turbo inside the inverse DCT: the cost is mostly the entropy decoding,
    /// a quarter to a half of a full decode, and no full-size pixels are ever held. Limits apply
    /// to the full size.
    public static func decode(_ bytes: [UInt8], reducedBy reduction: Int, limits: ImageLimits = .default)
        throws(ImageFileError) -> Image
    {
        let (width, height, pixels) = try decodePixels(bytes, reduction: reduction, limits: limits)
        return Image(width: width, height: height, stride: width * 4, premultipliedBytes: pixels)!
    }

    /// Decodes a JPEG to straight RGBA as it is shown (what `image convert` writes).
    public static func decodeStraight(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageFileError)
        -> StraightImage
    {
        let (width, height, pixels) = try decodePixels(bytes, reduction: 1, limits: limits)
        return StraightImage(width: width, height: height, rgba: pixels)!
    }

    /// `chroma`: how chroma stored at half resolution is upsampled at full size, as Apple's
    /// decoder does by default (inside each 8 x 8 chroma block, docs/design/rendering.md §7.5);
    /// `CJPEG_CHROMA_LIBJPEG` and `CJPEG_CHROMA_RAW_LIBJPEG` are libjpeg-turbo's, for tests.
    static func decodePixels(
        _ bytes: [UInt8], reduction: Int, limits: ImageLimits, chroma: Int32 = CJPEG_CHROMA_WITHIN_BLOCKS
    ) throws(ImageFileError) -> (Int, Int, [UInt8]) {
        guard [1, 2, 4, 8].contains(reduction) else {
            throw ImageFileError(.invalidArgument, "a JPEG reduces by 1, 2, 4 or 8, not \(reduction)")
        }
        let header = try readInfo(bytes)
        if let refusal = limits.refusal(width: header.width, height: header.height) {
            throw ImageFileError(.exceedsLimits, refusal)
        }
        let width = (header.storedWidth + reduction - 1) / reduction
        let height = (header.storedHeight + reduction - 1) / reduction
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var climits = limits.cjpeg
        var cinfo = cjpeg_info()
        let (status, message) = PNG.withErrorBuffer { err in
            bytes.withUnsafeBufferPointer { data in
                pixels.withUnsafeMutableBufferPointer { out in
                    cjpeg_decode_rgba8(
                        data.baseAddress, data.count, &climits, UInt32(reduction), chroma, &cinfo,
                        out.baseAddress, out.count, err)
                }
            }
        }
        try check(status, message)
        guard Int(cinfo.output_width) == width, Int(cinfo.output_height) == height else {
            throw ImageFileError(.invalidData, "invalid JPEG: its size changed while decoding")
        }
        return header.orientation.apply(pixels, width: width, height: height)
    }

    /// A baseline JPEG of `image` (its colours; alpha is dropped) at `quality` 1-100: framegen
    /// writes JPEGs only to make camera-like photos for benchmarks and tests.
    public static func encode(_ image: Image, quality: Int) throws(ImageFileError) -> [UInt8] {
        guard (1...100).contains(quality), image.width > 0, image.height > 0 else {
            throw ImageFileError(.invalidArgument, "a JPEG needs a quality of 1-100 and a non-empty image")
        }
        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        let (status, message) = PNG.withErrorBuffer { err in
            image.bytes.withUnsafeBufferPointer { px in
                cjpeg_encode_rgba8(
                    px.baseAddress, UInt32(clamping: image.width), UInt32(clamping: image.height),
                    image.stride,
                    Int32(quality), &jpeg, &length, err)
            }
        }
        defer { cjpeg_free(jpeg) }
        guard status == CJPEG_OK, let jpeg else {
            throw ImageFileError(status == CJPEG_ERROR_MEMORY ? .outOfMemory : .invalidArgument, message)
        }
        return Array(UnsafeBufferPointer(start: jpeg, count: length))
    }

    static func info(_ bytes: [UInt8], validate: Bool, limits: ImageLimits) throws(ImageFileError) -> JPEGInfo
    {
        var climits = limits.cjpeg
        var cinfo = cjpeg_info()
        let (status, message) = PNG.withErrorBuffer { err in
            bytes.withUnsafeBufferPointer { data in
                cjpeg_read_info(data.baseAddress, data.count, &climits, validate ? 1 : 0, &cinfo, err)
            }
        }
        try check(status, message)
        guard let info = JPEGInfo(cinfo, orientation: ImageOrientation.exif(inJPEG: bytes)) else {
            throw ImageFileError(.invalidData, "unknown JPEG colour space \(cinfo.color_space)")
        }
        return info
    }

    static func check(_ status: Int32, _ message: String) throws(ImageFileError) {
        switch status {
        case CJPEG_OK: return
        case CJPEG_ERROR_LIMIT: throw ImageFileError(.exceedsLimits, message)
        case CJPEG_ERROR_MEMORY: throw ImageFileError(.outOfMemory, message)
        case CJPEG_ERROR_ARGUMENT: throw ImageFileError(.invalidArgument, message)
        default:
            // libjpeg's messages name the problem but not that the file is a broken JPEG.
            let known = message.hasPrefix("file is truncated") || message.contains("not supported")
            throw ImageFileError(.invalidData, known ? message : "invalid JPEG: " + message)
        }
    }
}

extension ImageLimits {
    /// The JPEG shim's view of the size limits (clamped to its integer widths).
    var cjpeg: cjpeg_limits {
        cjpeg_limits(
            max_width: UInt32(clamping: maxWidth), max_height: UInt32(clamping: maxHeight),
            max_pixels: UInt64(clamping: maxPixels))
    }
}
