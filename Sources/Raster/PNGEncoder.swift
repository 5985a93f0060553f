import CPNG

extension PNG {
    /// Encodes a premultiplied image as an 8-bit PNG (straight alpha for RGBA; see
    /// `PNGEncodingOptions.Channels` for RGB). Opaque images and RGB output go straight from
    /// the image's rows to libpng without a copy.
    public static func encode(_ image: Image, options: PNGEncodingOptions = .init()) throws(PNGError)
        -> [UInt8]
    {
        try withEncoded(image, options: options) { [UInt8]($0) }
    }

    /// Encodes straight RGBA rows (e.g. a decoded `PNGImage`) unchanged as an 8-bit PNG.
    public static func encode(_ image: PNGImage, options: PNGEncodingOptions = .init()) throws(PNGError)
        -> [UInt8]
    {
        try withEncoded(image, options: options) { [UInt8]($0) }
    }

    /// Encodes and writes atomically (a temporary file in the same folder, then a rename): a
    /// failure leaves no partial file and throws `.cannotWrite`.
    public static func write(
        _ image: Image, to path: String, options: PNGEncodingOptions = .init(), durable: Bool = false
    ) throws(PNGError) {
        let result: Result<Void, FileIOError> = try withEncoded(image, options: options) { bytes in
            Result { () throws(FileIOError) in try FileIO.writeAtomically(bytes, to: path, durable: durable) }
        }
        do { try result.get() } catch { throw PNGError(error) }
    }

    /// `write` for straight RGBA rows.
    public static func write(
        _ image: PNGImage, to path: String, options: PNGEncodingOptions = .init(), durable: Bool = false
    ) throws(PNGError) {
        let result: Result<Void, FileIOError> = try withEncoded(image, options: options) { bytes in
            Result { () throws(FileIOError) in try FileIO.writeAtomically(bytes, to: path, durable: durable) }
        }
        do { try result.get() } catch { throw PNGError(error) }
    }

    static func withEncoded<T>(
        _ image: Image, options: PNGEncodingOptions, _ body: (UnsafeRawBufferPointer) -> T
    ) throws(PNGError) -> T {
        if options.channels == .rgb || isOpaque(image) {
            // Premultiplied equals straight where alpha is 255, and RGB output is defined as
            // the premultiplied colour (the image over black).
            return try image.bytes.withUnsafeBufferPointer { rows throws(PNGError) in
                try encodeRows(
                    rows.baseAddress!, width: image.width, height: image.height, stride: image.stride,
                    options: options, body)
            }
        }
        return try withEncoded(PNGImage(image), options: options, body)
    }

    static func withEncoded<T>(
        _ image: PNGImage, options: PNGEncodingOptions, _ body: (UnsafeRawBufferPointer) -> T
    ) throws(PNGError) -> T {
        try image.rgba.withUnsafeBufferPointer { rows throws(PNGError) in
            try encodeRows(
                rows.baseAddress!, width: image.width, height: image.height, stride: image.width * 4,
                options: options, body)
        }
    }

    static func encodeRows<T>(
        _ rows: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, options: PNGEncodingOptions,
        _ body: (UnsafeRawBufferPointer) -> T
    ) throws(PNGError) -> T {
        guard (0...9).contains(options.compressionLevel) else {
            throw PNGError(.invalidArgument, "compression level \(options.compressionLevel) is not 0-9")
        }
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PNGError(.invalidArgument, "cannot encode a \(width) x \(height) px image")
        }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let (status, message) = withErrorBuffer { err in
            cpng_encode(
                rows, UInt32(width), UInt32(height), stride, 4, options.channels == .rgba ? 4 : 3,
                Int32(options.compressionLevel), options.filters.rawValue, &out, &size, err)
        }
        defer { cpng_free(out) }
        try check(status, message)
        return body(UnsafeRawBufferPointer(start: out, count: size))
    }

    static func isOpaque(_ image: Image) -> Bool {
        let (w, h, stride) = (image.width, image.height, image.stride)
        return image.bytes.withUnsafeBufferPointer { p in
            for y in 0..<h {
                var i = y * stride + 3
                for _ in 0..<w {
                    if p[i] != 255 { return false }
                    i += 4
                }
            }
            return true
        }
    }
}
