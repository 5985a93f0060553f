import FrameGenRaster

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The image formats framegen reads, told apart by their first bytes, never by the file name.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"

    /// The format whose signature `prefix` starts with (8 bytes suffice), or nil.
    public init?(magic prefix: some Collection<UInt8>) {
        let head = Array(prefix.prefix(8))
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            self = .png
        } else if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            self = .jpeg  // SOI, then the first marker
        } else {
            return nil
        }
    }

    /// The format of a file by its first 8 bytes; nil when it is unreadable or neither format.
    /// Reads only those bytes, so listing a folder of large files stays cheap.
    public static func detect(file path: String) -> ImageFormat? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 8)
        var count = 0
        while count < head.count {
            let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            count += n
        }
        return ImageFormat(magic: head.prefix(count))
    }
}

/// What `image info` reports about a file of either format.
public enum ImageInfo: Sendable, Equatable {
    case png(PNGInfo)
    case jpeg(JPEGInfo)

    public var format: ImageFormat {
        switch self {
        case .png: return .png
        case .jpeg: return .jpeg
        }
    }

    /// The size as shown (a JPEG's EXIF orientation applied).
    public var width: Int {
        switch self {
        case .png(let i): return i.width
        case .jpeg(let i): return i.width
        }
    }

    public var height: Int {
        switch self {
        case .png(let i): return i.height
        case .jpeg(let i): return i.height
        }
    }
}

/// Image files of any supported format, dispatched on their signature. Bytes that are neither
/// format go to the PNG decoder, whose error ("not a PNG file (bad signature)") names the problem.
public enum ImageFile {
    /// Decodes PNG or JPEG bytes to a premultiplied `Image` as shown.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageFileError)
        -> Image
    {
        ImageFormat(magic: bytes) == .jpeg
            ? try JPEG.decode(bytes, limits: limits) : try PNG.decode(bytes, limits: limits)
    }

    /// An image file's bytes, its size checked against `limits` before it is read.
    public static func read(file path: String, limits: ImageLimits = .default) throws(ImageFileError)
        -> [UInt8]
    {
        try PNG.readFile(path, limits: limits)
    }

    /// Reads and decodes an image file; the file size is checked before it is read.
    public static func decode(file path: String, limits: ImageLimits = .default) throws(ImageFileError)
        -> Image
    {
        let bytes = try PNG.readFile(path, limits: limits)
        return try naming(path) { () throws(ImageFileError) in try decode(bytes, limits: limits) }
    }

    /// Reads and decodes an image file to straight RGBA (what `image convert` writes).
    public static func decodeStraight(file path: String, limits: ImageLimits = .default)
        throws(ImageFileError)
        -> StraightImage
    {
        let bytes = try PNG.readFile(path, limits: limits)
        return try naming(path) { () throws(ImageFileError) in
            ImageFormat(magic: bytes) == .jpeg
                ? try JPEG.decodeStraight(bytes, limits: limits)
                : try PNG.decodeStraight(bytes, limits: limits)
        }
    }

    /// The header of an image file, after checking that the whole file decodes unless
    /// `validate` is false.
    public static func readInfo(file path: String, validate: Bool = true, limits: ImageLimits = .default)
        throws(ImageFileError) -> ImageInfo
    {
        let bytes = try PNG.readFile(path, limits: limits)
        return try naming(path) { () throws(ImageFileError) in
            if ImageFormat(magic: bytes) == .jpeg {
                return .jpeg(try JPEG.info(bytes, validate: validate, limits: limits))
            }
            return .png(try PNG.info(bytes, validate: validate, limits: limits))
        }
    }

    /// Runs `body`, putting `path` on the error it throws.
    static func naming<T>(_ path: String, _ body: () throws(ImageFileError) -> T) throws(ImageFileError) -> T
    {
        do {
            return try body()
        } catch {
            throw ImageFileError(error.kind, error.reason, path: path)
        }
    }
}
