import CPNG
import Raster

/// PNG decoding and encoding through libpng (via the CPNG shim, the only code that touches
/// libpng's setjmp error handling). Every function is thread-safe and throws `ImageFileError`; bad
/// input never crashes and never yields a partial image.
public enum PNG {
    /// The libpng version in use, e.g. "1.6.39".
    public static var libpngVersion: String { String(cString: cpng_libpng_version()) }

    /// The header of a PNG in memory; reads nothing past the first IDAT chunk and allocates
    /// nothing for pixels (a 100000 x 100000 header is reported as such).
    public static func readInfo(_ bytes: [UInt8]) throws(ImageFileError) -> PNGInfo {
        try info(bytes, validate: false, limits: .default)
    }

    /// The header of a PNG in memory, after checking that the whole file decodes: every row
    /// is inflated and unfiltered (one row at a time, so memory stays O(width)) and the file
    /// is read through IEND. Sizes over `limits` are refused before that.
    public static func validate(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageFileError)
        -> PNGInfo
    {
        try info(bytes, validate: true, limits: limits)
    }

    /// Decodes a PNG of any colour type, bit depth and interlace to 8-bit straight RGBA,
    /// exactly as libpng expands it (see `cpng_decode_rgba8`).
    public static func decodeStraight(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageFileError)
        -> StraightImage
    {
        let (width, height, pixels) = try decodePixels(bytes, limits: limits)
        return StraightImage(width: width, height: height, rgba: pixels)!
    }

    /// Decodes a PNG to a premultiplied `Image` (premultiplied in place: no second buffer).
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageFileError)
        -> Image
    {
        var (width, height, pixels) = try decodePixels(bytes, limits: limits)
        premultiplyInPlace(&pixels)
        return Image(width: width, height: height, stride: width * 4, premultipliedBytes: pixels)!
    }

    static func decodePixels(_ bytes: [UInt8], limits: ImageLimits) throws(ImageFileError) -> (
        Int, Int, [UInt8]
    ) {
        // The header is read and checked first, so the pixel buffer is only allocated for a
        // size within the limits.
        let header = try readInfo(bytes)
        if let refusal = limits.refusal(width: header.width, height: header.height) {
            throw ImageFileError(.exceedsLimits, refusal)
        }
        // Zeroed rather than uninitialised: the decode fills every byte, and a failure discards
        // the buffer, but nothing may ever depend on leftover memory.
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        var climits = limits.c
        var cinfo = cpng_info()
        let (status, message) = withErrorBuffer { err in
            bytes.withUnsafeBufferPointer { data in
                pixels.withUnsafeMutableBufferPointer { out in
                    cpng_decode_rgba8(
                        data.baseAddress, data.count, &climits, &cinfo, out.baseAddress, out.count, err)
                }
            }
        }
        try check(status, message)
        return (header.width, header.height, pixels)
    }

    /// Reads and decodes a PNG file to a premultiplied `Image`; the file size is checked
    /// against `limits.maxFileBytes` before it is read.
    public static func decode(file path: String, limits: ImageLimits = .default) throws(ImageFileError)
        -> Image
    {
        let bytes = try readFile(path, limits: limits)
        do {
            return try decode(bytes, limits: limits)
        } catch {
            throw ImageFileError(error.kind, error.reason, path: path)
        }
    }

    /// Reads and decodes a PNG file to straight RGBA (what `image convert` writes).
    public static func decodeStraight(file path: String, limits: ImageLimits = .default)
        throws(ImageFileError)
        -> StraightImage
    {
        let bytes = try readFile(path, limits: limits)
        do {
            return try decodeStraight(bytes, limits: limits)
        } catch {
            throw ImageFileError(error.kind, error.reason, path: path)
        }
    }

    /// The header of a PNG file, after validating the whole file (see `validate(_:limits:)`)
    /// unless `validate` is false.
    public static func readInfo(file path: String, validate: Bool = true, limits: ImageLimits = .default)
        throws(ImageFileError) -> PNGInfo
    {
        let bytes = try readFile(path, limits: limits)
        do {
            return try info(bytes, validate: validate, limits: limits)
        } catch {
            throw ImageFileError(error.kind, error.reason, path: path)
        }
    }

    static func readFile(_ path: String, limits: ImageLimits) throws(ImageFileError) -> [UInt8] {
        do {
            return try FileIO.read(path, maxBytes: limits.maxFileBytes)
        } catch {
            throw ImageFileError(error)
        }
    }

    static func info(_ bytes: [UInt8], validate: Bool, limits: ImageLimits) throws(ImageFileError) -> PNGInfo
    {
        var climits = limits.c
        var cinfo = cpng_info()
        let (status, message) = withErrorBuffer { err in
            bytes.withUnsafeBufferPointer { data in
                cpng_read_info(data.baseAddress, data.count, &climits, validate ? 1 : 0, &cinfo, err)
            }
        }
        try check(status, message)
        guard var info = PNGInfo(cinfo) else {
            throw ImageFileError(.invalidData, "unknown colour type \(cinfo.color_type)")
        }
        info.animationFrames = animationFrames(bytes)
        return info
    }

    /// The frame count of an APNG's acTL chunk, which comes before the first IDAT; nil when
    /// there is none (or the chunks do not parse: libpng has judged the file already).
    static func animationFrames(_ bytes: [UInt8]) -> Int? {
        guard let chunks = try? PNGAnimation.chunks(bytes) else { return nil }
        for chunk in chunks {
            if chunk.type == "IDAT" { return nil }
            if chunk.type == "acTL", chunk.data.count >= 8 {
                let d = chunk.data
                let i = d.startIndex
                return Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3])
            }
        }
        return nil
    }

    /// Calls `body` with a zeroed error buffer for the shim and returns its status and message.
    static func withErrorBuffer(_ body: (UnsafeMutablePointer<CChar>) -> Int32) -> (Int32, String) {
        var buffer = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        buffer[buffer.count - 1] = 0
        let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (status, message)
    }

    static func check(_ status: Int32, _ message: String) throws(ImageFileError) {
        switch status {
        case CPNG_OK: return
        case CPNG_ERROR_LIMIT: throw ImageFileError(.exceedsLimits, message)
        case CPNG_ERROR_MEMORY: throw ImageFileError(.outOfMemory, message)
        case CPNG_ERROR_ARGUMENT: throw ImageFileError(.invalidArgument, message)
        default: throw ImageFileError(.invalidData, describeFormatError(message))
        }
    }

    /// libpng's messages name the problem but not that the file is a broken PNG.
    static func describeFormatError(_ message: String) -> String {
        if message.hasPrefix("not a PNG") || message.hasPrefix("file is too short") { return message }
        if message == "IEND: out of place" { return "invalid PNG: no image data (IEND before any IDAT)" }
        return "invalid PNG: " + message
    }
}

extension ImageLimits {
    /// The shim's view of the size limits (clamped to its integer widths).
    var c: cpng_limits {
        cpng_limits(
            max_width: UInt32(clamping: maxWidth), max_height: UInt32(clamping: maxHeight),
            max_pixels: UInt64(clamping: maxPixels))
    }
}
