import CJPEG
import Raster

/// JPEG decoding through libjpeg-turbo (via the CJPEG shim, the only code that touches its
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
        let (width, height, pixels) = try decodePixels(bytes, limits: limits)
        return Image(width: width, height: height, stride: width * 4, premultipliedBytes: pixels)!
    }

    /// Decodes a JPEG to straight RGBA as it is shown (what `image convert` writes).
    public static func decodeStraight(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageFileError)
        -> StraightImage
    {
        let (width, height, pixels) = try decodePixels(bytes, limits: limits)
        return StraightImage(width: width, height: height, rgba: pixels)!
    }

    static func decodePixels(_ bytes: [UInt8], limits: ImageLimits) throws(ImageFileError) -> (
        Int, Int, [UInt8]
    ) {
        let header = try readInfo(bytes)
        if let refusal = limits.refusal(width: header.width, height: header.height) {
            throw ImageFileError(.exceedsLimits, refusal)
        }
        var pixels = [UInt8](repeating: 0, count: header.storedWidth * header.storedHeight * 4)
        var climits = limits.cjpeg
        var cinfo = cjpeg_info()
        let (status, message) = PNG.withErrorBuffer { err in
            bytes.withUnsafeBufferPointer { data in
                pixels.withUnsafeMutableBufferPointer { out in
                    cjpeg_decode_rgba8(
                        data.baseAddress, data.count, &climits, &cinfo, out.baseAddress, out.count, err)
                }
            }
        }
        try check(status, message)
        return header.orientation.apply(pixels, width: header.storedWidth, height: header.storedHeight)
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
