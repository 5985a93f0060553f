import CPNG

/// How `PNG.encode` writes a file: 8-bit RGBA or RGB, the zlib level and the row filters.
public struct PNGEncodingOptions: Sendable, Equatable {
    /// The samples written per pixel.
    public enum Channels: Sendable, Equatable {
        /// 8-bit RGBA (colour type 6), straight alpha.
        case rgba
        /// 8-bit RGB (colour type 2): alpha is dropped. For a premultiplied `Image` that is the
        /// image over black, identical to RGBA when the image is opaque.
        case rgb
    }

    /// PNG's per-row filters the encoder may choose from (it picks per row by libpng's
    /// minimum-sum heuristic when several are allowed). Empty: libpng's default choice.
    public struct Filters: OptionSet, Sendable, Hashable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let none = Filters(rawValue: CPNG_FILTER_NONE)
        public static let sub = Filters(rawValue: CPNG_FILTER_SUB)
        public static let up = Filters(rawValue: CPNG_FILTER_UP)
        public static let average = Filters(rawValue: CPNG_FILTER_AVG)
        public static let paeth = Filters(rawValue: CPNG_FILTER_PAETH)
        /// The cheap filters: most of the compression at a fraction of Paeth's cost.
        public static let fast: Filters = [.none, .sub, .up]
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
        /// libpng's default (all filters for 8-bit RGB and RGBA).
        public static let libpngDefault: Filters = []
    }

    public var channels: Channels
    /// zlib level, 0 (stored, fastest) to 9 (smallest); 6 is zlib's balanced default.
    public var compressionLevel: Int
    public var filters: Filters

    public init(channels: Channels = .rgba, compressionLevel: Int = 6, filters: Filters = .libpngDefault) {
        self.channels = channels
        self.compressionLevel = compressionLevel
        self.filters = filters
    }
}
