import CFrameGenJPEG

/// What a JPEG's header (and its EXIF orientation) says: what `framegen image info` prints.
public struct JPEGInfo: Sendable, Equatable {
    /// The colour space of the stored samples. CMYK and YCCK files are refused before this.
    public enum ColorSpace: Int, Sendable, Equatable, CaseIterable {
        case gray = 1
        case rgb = 2
        case yCbCr = 3

        /// The name `image info` prints.
        public var name: String {
            switch self {
            case .gray: return "gray"
            case .rgb: return "RGB"
            case .yCbCr: return "YCbCr"
            }
        }
    }

    /// Pixels as stored, before the orientation is applied.
    public var storedWidth: Int
    public var storedHeight: Int
    public var colorSpace: ColorSpace
    /// Samples per pixel: 1 (gray) or 3.
    public var components: Int
    /// A progressive (SOF2) file rather than a baseline or extended sequential one.
    public var isProgressive: Bool
    /// The EXIF orientation, applied by every decode.
    public var orientation: ImageOrientation

    /// The size as shown (after the orientation): what the decoded `Image` measures.
    public var width: Int { orientation.swapsAxes ? storedHeight : storedWidth }
    public var height: Int { orientation.swapsAxes ? storedWidth : storedHeight }

    public init(
        storedWidth: Int, storedHeight: Int, colorSpace: ColorSpace, components: Int, isProgressive: Bool,
        orientation: ImageOrientation
    ) {
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.colorSpace = colorSpace
        self.components = components
        self.isProgressive = isProgressive
        self.orientation = orientation
    }

    init?(_ c: cjpeg_info, orientation: ImageOrientation) {
        guard let space = ColorSpace(rawValue: Int(c.color_space)) else { return nil }
        self.init(
            storedWidth: Int(c.width), storedHeight: Int(c.height), colorSpace: space,
            components: Int(c.components), isProgressive: c.progressive != 0, orientation: orientation)
    }
}
