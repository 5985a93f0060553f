/// How large an image file may be before anything is allocated for it.
///
/// Every decode checks the PNG or JPEG header against these limits before allocating pixel
/// memory, and every file read checks the file size before reading it into memory, so a hostile
/// or broken file (a header that claims 100000 x 100000 px, a 50 GB "thumbnail") is refused
/// with a clear error instead of exhausting memory.
public struct ImageLimits: Sendable, Equatable {
    /// The widest image accepted, in pixels.
    public var maxWidth: Int
    /// The tallest image accepted, in pixels.
    public var maxHeight: Int
    /// The most pixels (width x height) accepted.
    public var maxPixels: Int
    /// The largest file read into memory, in bytes.
    public var maxFileBytes: Int

    /// The defaults: 16384 px a side (Metal's and most GPUs' texture limit, well above any
    /// device screen at 3x), 256 Mpx (16384 x 16384, 1 GiB decoded), and 1 GiB of file (room for
    /// an uncompressed PNG of that size).
    public static let `default` = ImageLimits(
        maxWidth: 16384, maxHeight: 16384, maxPixels: 16384 * 16384, maxFileBytes: 1 << 30)

    public init(maxWidth: Int, maxHeight: Int, maxPixels: Int, maxFileBytes: Int) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
    }

    /// Whether a `width` x `height` image is within the limits (sizes must also be positive,
    /// and the decoded RGBA bytes must fit in an Int).
    public func allows(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, width <= maxWidth, height <= maxHeight else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= maxPixels && pixels <= Int.max / 4
    }

    /// The one-line reason a `width` x `height` image is refused, or nil when it is allowed.
    public func refusal(width: Int, height: Int) -> String? {
        if allows(width: width, height: height) { return nil }
        if width <= 0 || height <= 0 { return "image size \(width) x \(height) px is empty" }
        if width > maxWidth || height > maxHeight {
            return "image is \(width) x \(height) px, over the limit of \(maxWidth) x \(maxHeight) px"
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let count = overflow ? "too many" : String(pixels)
        return "image is \(width) x \(height) px = \(count) pixels, over the limit of \(maxPixels)"
    }
}
