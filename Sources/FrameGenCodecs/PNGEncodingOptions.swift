import CFrameGenPNG

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
        /// level N, and a higher level never a larger one. 1 to 6 (6 is the default) are
        /// framegen's own match finder searching deeper at each level, several times faster than
        /// zlib; 7 to 9 add libdeflate's deeper searches (docs/decisions.md, "PNG compression").
        case level(Int)
        /// framegen's own deflate (fast_deflate.c): runs of repeated pixels and literals with
        /// Huffman codes fitted to each strip, strips compressed apart (several threads at once):
        /// larger files than the levels, several times faster than any of them (docs/decisions.md,
        /// "PNG compression").
        case fast
        /// framegen's fastest deflate (fast_deflate.c): Paeth-filtered rows in 32-byte blocks,
        /// blocks of zeros as runs, every other byte a literal whose code is looked up and packed
        /// 32 at a time; files a few percent larger than `fast`'s, in about two thirds of its time
        /// (docs/decisions.md, "PNG compression").
        case fastest

        /// The default of files made to be kept (`PNG.encode`, `UIImage.pngData()`): files no larger
        /// than zlib level 6's.
        public static let `default` = Compression.level(6)

        /// What `render` writes where the scene names no compression: previews and frames for a
        /// video or a comparison, where the encode's time counts and a file's size hardly does
        /// (docs/decisions.md, "The frames' default compression").
        public static let frames = Compression.fast

        /// `fast`, `fastest`, or a level 0-9; nil otherwise.
        public init?(_ text: String) {
            if text == "fast" {
                self = .fast
            } else if text == "fastest" {
                self = .fastest
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
            case .fastest: "fastest"
            }
        }

        /// How framegen's own match finder (`cpng_lz_deflate`) searches at levels 1 to 6, nil
        /// elsewhere. Each level's search is the cheapest measured whose files stay no larger
        /// than zlib's and Pillow's at that level, and each is deeper than the one below, so
        /// that a higher level is never faster and larger (docs/decisions.md, "PNG compression").
        var matchFinder: cpng_lz_params? {
            switch self {
            case .level(1): cpng_lz_params(depth: 1, nice: 16, lazy: 0, insert: 16)
            case .level(2): cpng_lz_params(depth: 2, nice: 16, lazy: 0, insert: 32)
            case .level(3): cpng_lz_params(depth: 2, nice: 16, lazy: 8, insert: 32)
            case .level(4): cpng_lz_params(depth: 2, nice: 32, lazy: 16, insert: 64)
            case .level(5): cpng_lz_params(depth: 4, nice: 32, lazy: 16, insert: 64)
            case .level(6): cpng_lz_params(depth: 12, nice: 64, lazy: 32, insert: 258)
            default: nil
            }
        }

        /// One way to deflate the filtered rows.
        enum Deflater {
            case matchFinder(cpng_lz_params)
            /// libdeflate at its own level (0 stored ... 12).
            case libdeflate(Int32)
        }

        /// What a level deflates with; the smallest stream wins. 0 is libdeflate's stored
        /// blocks; 1 to 6 the match finder. 7 to 9 are libdeflate 8 to 10 (whose files are no
        /// larger than zlib's 7 to 9), each level also trying what the level below tries and
        /// keeping the smaller: libdeflate 8 and 9 lose to the match finder on some frames
        /// (thumbnails over a flat background) and 9 to 8 on a few, so that the sizes never grow
        /// with the level. Empty for `fast` and `fastest`, which have deflates of their own.
        var deflaters: [Deflater] {
            switch self {
            case .level(0): [.libdeflate(0)]
            case .level(let n) where n >= 7:
                [.matchFinder(Compression.level(6).matchFinder!)]
                    + (8...Int32(min(n + 1, 10))).map { .libdeflate($0) }
            case .level: matchFinder.map { [.matchFinder($0)] } ?? []
            case .fast, .fastest: []
            }
        }

        /// The second byte of the zlib header, its level hint (RFC 1950 FLEVEL: fastest, fast,
        /// default, maximum) with the check bits, as zlib and libdeflate write it.
        var zlibHeaderHint: UInt8 {
            switch self {
            case .level(let n) where n <= 1: 0x01
            case .level(let n) where n <= 5: 0x5E
            case .level(6): 0x9C
            case .level: 0xDA
            case .fast, .fastest: 0x01
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
    /// trying all five; `fast` and `fastest` take Paeth alone, which compresses almost as well for
    /// the least filtering time; level 0 stores the rows unfiltered, since filtering only pays for
    /// deflate (choosing filters made it slower than `fast`).
    public init(channels: Channels = .rgba, compression: Compression = .default) {
        let filters: Filters =
            switch compression {
            case .fast, .fastest: .paeth
            case .level(0): .none
            case .level: .default
            }
        self.init(channels: channels, compression: compression, filters: filters)
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
