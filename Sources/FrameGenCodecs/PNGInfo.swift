import CFrameGenPNG

/// What a PNG's header says: what `framegen image info` prints.
public struct PNGInfo: Sendable, Equatable {
    /// PNG's five colour types (the IHDR byte), with libpng's names.
    public enum ColorType: Int, Sendable, Equatable, CaseIterable {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6

        /// The name `image info` prints.
        public var name: String {
            switch self {
            case .gray: return "gray"
            case .rgb: return "RGB"
            case .palette: return "palette"
            case .grayAlpha: return "gray+alpha"
            case .rgba: return "RGBA"
            }
        }

        /// Whether every pixel carries an alpha sample.
        public var hasAlphaChannel: Bool { self == .grayAlpha || self == .rgba }
    }

    public var width: Int
    public var height: Int
    public var colorType: ColorType
    /// Bits per sample (per palette index for `.palette`): 1, 2, 4, 8 or 16.
    public var bitDepth: Int
    /// Adam7-interlaced.
    public var isInterlaced: Bool
    /// A tRNS chunk is present (a transparent colour, or palette alphas).
    public var hasTRNS: Bool
    /// An animated PNG (an acTL chunk before the image data): its frame count; nil for a still
    /// PNG. Viewers without APNG support show the default image.
    public var animationFrames: Int? = nil

    /// Some pixels may be transparent: an alpha channel or a tRNS chunk.
    public var hasTransparency: Bool { colorType.hasAlphaChannel || hasTRNS }

    public init(
        width: Int, height: Int, colorType: ColorType, bitDepth: Int, isInterlaced: Bool,
        hasTRNS: Bool
    ) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.isInterlaced = isInterlaced
        self.hasTRNS = hasTRNS
    }

    init?(_ c: cpng_info) {
        guard let type = ColorType(rawValue: Int(c.color_type)) else { return nil }
        self.init(
            width: Int(c.width), height: Int(c.height), colorType: type, bitDepth: Int(c.bit_depth),
            isInterlaced: c.interlaced != 0, hasTRNS: c.has_trns != 0)
    }
}
