import CFrameGenPNG
import FrameGenRaster

/// PNG decoding and encoding through libpng (via the CFrameGenPNG shim, the only code that touches
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

    /// Which code decodes (`cpng_decode_rgba8`): the fast path where it takes the file and
    /// libpng otherwise, as every caller has it; libpng alone; or the fast path alone, with its
    /// SSE2 loops where the instruction-set ceiling allows them or without them whatever it is
    /// (nil from `decodeStraight(_:limits:path:)` when it declines).
    /// For the tests and the fuzz target that compare them.
    package enum DecodePath: Sendable {
        case automatic, libpng, fast, fastPortable
    }

    /// `decodeStraight(_:limits:)` by one path; nil when that path is the fast one and it
    /// declines the file.
    package static func decodeStraight(_ bytes: [UInt8], limits: ImageLimits = .default, path: DecodePath)
        throws(ImageFileError) -> StraightImage?
    {
        guard let (width, height, pixels) = try decodePixels(bytes, limits: limits, path: path) else {
            return nil
        }
        return StraightImage(width: width, height: height, rgba: pixels)!
    }

    static func decodePixels(_ bytes: [UInt8], limits: ImageLimits) throws(ImageFileError) -> (
        Int, Int, [UInt8]
    ) {
        try decodePixels(bytes, limits: limits, path: .automatic)!
    }

    static func decodePixels(_ bytes: [UInt8], limits: ImageLimits, path: DecodePath) throws(ImageFileError)
        -> (Int, Int, [UInt8])?
    {
        // The header is read and checked first, so the pixel buffer is only allocated for a
        // size within the limits.
        let header = try readInfo(bytes)
        if let refusal = limits.refusal(width: header.width, height: header.height) {
            throw ImageFileError(.exceedsLimits, refusal)
        }
        // Room for each row's filter byte too, so that the fast path inflates into the buffer
        // itself; not zeroed, since a decode writes every byte it keeps and a failure keeps none
        // (the array is then empty): nothing can read leftover memory.
        let count = header.width * header.height * 4
        var climits = limits.c
        var cinfo = cpng_info()
        var status: Int32 = CPNG_OK
        var message = ""
        let pixels = [UInt8](unsafeUninitializedCapacity: count + header.height) { buffer, initialized in
            (status, message) = withErrorBuffer { err in
                bytes.withUnsafeBufferPointer { data in
                    let (input, size, out, capacity) = (
                        data.baseAddress, data.count, buffer.baseAddress, buffer.count
                    )
                    switch path {
                    case .automatic:
                        return cpng_decode_rgba8(input, size, &climits, &cinfo, out, capacity, err)
                    case .libpng:
                        return cpng_decode_rgba8_libpng(input, size, &climits, &cinfo, out, capacity, err)
                    case .fast, .fastPortable:
                        return cpng_decode_rgba8_fast(
                            input, size, &climits, &cinfo, out, capacity, path == .fast ? 0 : 1)
                    }
                }
            }
            initialized = status == CPNG_OK ? count : 0
        }
        if status == CPNG_DECLINED { return nil }
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
