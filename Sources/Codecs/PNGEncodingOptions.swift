import CPNG

/// How `PNG.encode` writes a file: 8-bit RGBA or RGB, the compression and the row filters.
public struct PNGEncodingOptions: Sendable, Equatable {
    /// The samples written per pixel.
    public enum Channels: Sendable, Equatable {
        /// 8-bit RGBA (colour type 6), straight alpha.
        case rgba
        /// 8-bit RGB (colour type 2): alpha is dropped. For a premultiplied `Image` that is the
        /// image over black, identical to RGBA when the image is opaque; for a straight
        /// `StraightImage` it is the colour bytes as they are.
        case rgb
    }

    /// How hard deflate works (README, "PNG encoding", has the measured table).
    public enum Compression: Sendable, Hashable, CustomStringConvertible {
        /// 0 (stored) to 9 (smallest), zlib's scale: level N writes files no larger than zlib's
        /// level N (libdeflate one level up, which is still several times faster; 6, the default,
        /// framegen's own match finder, faster still).
        case level(Int)
        /// framegen's own deflate (fast_deflate.c): runs of repeated pixels and literals with
        /// Huffman codes fitted to each strip, strips compressed apart (several threads at once):
        /// larger files than the levels, several times faster than any of them (docs/decisions.md,
        /// "PNG compression").
        case fast

        /// The default: files no larger than zlib level 6's.
        public static let `default` = Compression.level(6)

        /// `fast`, or a level 0-9; nil otherwise.
        public init?(_ text: String) {
            if text == "fast" {
                self = .fast
            } else if let n = Int(text), (0...9).contains(n) {
                self = .level(n)
            } else {
                return nil
            }
        }

        public var description: String {
            switch self {
            case .level(let n): "\(n)"
            case .fast: "fast"
            }
        }

        /// Whether this level deflates with framegen's own match finder (`cpng_lz_deflate`) rather
        /// than libdeflate: the default, 6, whose files it keeps below zlib 6's in about a quarter
        /// of zlib's time (docs/decisions.md, "PNG compression").
        var usesMatchFinder: Bool { self == .level(6) }

        /// The libdeflate level for zlib-scale level n (measured: libdeflate's level n + 1 is
        /// never larger than zlib's level n on framegen's frames).
        var libdeflateLevel: Int32 {
            switch self {
            case .level(let n): n == 0 ? 0 : Int32(min(n + 1, 12))
            case .fast: 1
            }
        }
    }

    /// PNG's per-row filters the encoder may choose from (it picks per row by libpng's
    /// minimum-sum heuristic when several are allowed; empty means all five).
    public struct Filters: OptionSet, Sendable, Hashable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let none = Filters(rawValue: CPNG_FILTER_NONE)
        public static let sub = Filters(rawValue: CPNG_FILTER_SUB)
        public static let up = Filters(rawValue: CPNG_FILTER_UP)
        public static let average = Filters(rawValue: CPNG_FILTER_AVG)
        public static let paeth = Filters(rawValue: CPNG_FILTER_PAETH)
        /// The cheap filters.
        public static let fast: Filters = [.none, .sub, .up]
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
        /// What the levels use.
        public static let `default`: Filters = [.sub, .up, .paeth]
    }

    public var channels: Channels
    public var compression: Compression
    public var filters: Filters

    /// The filters that suit `compression`. Measured (README, "PNG encoding"): the per-row choice
    /// among Sub, Up and Paeth keeps the files below zlib level 6's at a third of the cost of
    /// trying all five; `fast` takes Paeth alone, which compresses almost as well for the least
    /// filtering time.
    public init(channels: Channels = .rgba, compression: Compression = .default) {
        self.init(
            channels: channels, compression: compression, filters: compression == .fast ? .paeth : .default)
    }

    /// Exactly these filters. Not optional, so that `filters: .none` is `Filters.none` (rows
    /// unfiltered), never Optional's nil; leave the argument out for the filters that suit
    /// `compression`.
    public init(channels: Channels = .rgba, compression: Compression = .default, filters: Filters) {
        self.channels = channels
        self.compression = compression
        self.filters = filters
    }

    /// `compression: .level(level)`, with the filters that suit it.
    public init(channels: Channels = .rgba, compressionLevel level: Int) {
        self.init(channels: channels, compression: .level(level))
    }

    /// `compression: .level(level)` with exactly these filters.
    public init(channels: Channels = .rgba, compressionLevel level: Int, filters: Filters) {
        self.init(channels: channels, compression: .level(level), filters: filters)
    }
}
