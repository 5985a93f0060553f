import Foundation

/// SF Symbols are Apple's artwork and do not ship with framegen: `UIImage(systemName:)` gives,
/// for any name, a documented stand-in: a rounded square outline of the symbol's size and
/// weight, a template image (drawn in the image view's tint colour, as symbols are), so that a
/// cell with a symbol lays out and draws at the symbol's place (docs/uikit.md "What is there").
/// Its square is 1.2 times the point size on a side (framegen's approximation of a symbol's
/// box; SF Symbols vary per symbol), times 0.8 at the small scale and 1.3 at the large; its
/// stroke grows with the weight.
extension UIImage {
    /// The configuration an image is drawn with; symbol images take a `SymbolConfiguration`.
    open class Configuration: NSObject, @unchecked Sendable {
        override init() { super.init() }
    }

    /// A symbol's point size, weight and scale. Immutable, as UIKit's.
    public final class SymbolConfiguration: Configuration, @unchecked Sendable {
        /// 0 where the configuration leaves it to another (UIKit's "unspecified").
        public let pointSize: CGFloat
        public let weight: SymbolWeight
        public let scale: SymbolScale

        public init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.pointSize = pointSize
            self.weight = weight
            self.scale = scale
            super.init()
        }

        /// Every value unspecified.
        convenience override init() { self.init(pointSize: 0, weight: .unspecified, scale: .unspecified) }

        /// UIKit's: the default configuration, every value unspecified.
        public static var unspecified: SymbolConfiguration { SymbolConfiguration() }

        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .unspecified) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) {
            self.init(pointSize: pointSize, weight: weight, scale: .unspecified)
        }
        public convenience init(weight: SymbolWeight) { self.init(pointSize: 0, weight: weight) }
        public convenience init(scale: SymbolScale) {
            self.init(pointSize: 0, weight: .unspecified, scale: scale)
        }
        /// The text style's size at the default content size.
        public convenience init(textStyle: UIFont.TextStyle) {
            self.init(textStyle: textStyle, scale: .unspecified)
        }
        public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) {
            self.init(
                pointSize: UIFont.preferredFont(forTextStyle: textStyle).pointSize, weight: .unspecified,
                scale: scale)
        }
        /// The font's size and nearest weight.
        public convenience init(font: UIFont) { self.init(font: font, scale: .unspecified) }
        public convenience init(font: UIFont, scale: SymbolScale) {
            self.init(pointSize: font.pointSize, weight: SymbolWeight(font.weight), scale: scale)
        }
        /// Colours for hierarchical, palette and multicolour rendering are accepted; the
        /// stand-in is drawn in one colour, the tint's.
        public convenience init(hierarchicalColor: UIColor) { self.init(pointSize: 0) }
        public convenience init(paletteColors: [UIColor]) { self.init(pointSize: 0) }
        public static func preferringMulticolor() -> SymbolConfiguration { SymbolConfiguration() }
        public static func preferringMonochrome() -> SymbolConfiguration { SymbolConfiguration() }

        /// This configuration with what `other` specifies over it, as UIKit combines them.
        public func applying(_ other: Configuration?) -> SymbolConfiguration {
            guard let other = other as? SymbolConfiguration else { return self }
            return SymbolConfiguration(
                pointSize: other.pointSize > 0 ? other.pointSize : pointSize,
                weight: other.weight != .unspecified ? other.weight : weight,
                scale: other.scale != .unspecified ? other.scale : scale)
        }

        public override func isEqual(_ object: Any?) -> Bool {
            guard let o = object as? SymbolConfiguration else { return false }
            return o.pointSize == pointSize && o.weight == weight && o.scale == scale
        }

        public override var hash: Int { pointSize.hashValue ^ weight.rawValue ^ (scale.rawValue << 8) }
    }

    /// UIKit's symbol weights, in its raw values.
    public enum SymbolWeight: Int, Sendable {
        case unspecified = 0
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        init(_ weight: UIFont.Weight) {
            let weights: [(UIFont.Weight, SymbolWeight)] = [
                (.ultraLight, .ultraLight), (.thin, .thin), (.light, .light), (.regular, .regular),
                (.medium, .medium), (.semibold, .semibold), (.bold, .bold), (.heavy, .heavy),
                (.black, .black),
            ]
            self =
                weights.min { abs($0.0.rawValue - weight.rawValue) < abs($1.0.rawValue - weight.rawValue) }!.1
        }
    }

    /// UIKit's symbol scales, in its raw values.
    public enum SymbolScale: Int, Sendable {
        case `default` = -1
        case unspecified = 0
        case small, medium, large
    }

    /// Apple: "the standard image for a checkmark on a filled-circle background", the symbol
    /// `checkmark.circle.fill` (as iOS 17's simulator describes it), framegen's stand-in.
    public class var checkmark: UIImage { UIImage(systemName: "checkmark.circle.fill")! }

    /// Whether this is a symbol image (`UIImage(systemName:)`).
    public var isSymbolImage: Bool { symbolConfiguration != nil }

    /// The image's configuration: a symbol image's `SymbolConfiguration`, else nil.
    public var configuration: Configuration? { symbolConfiguration }

    /// A symbol image drawn again at `configuration` over its own; any other image is itself.
    public func withConfiguration(_ configuration: Configuration) -> UIImage {
        guard let own = symbolConfiguration else { return self }
        return applyingSymbolConfiguration(own.applying(configuration).applying(nil)) ?? self
    }

    /// A symbol image at `configuration` over its own; nil for another image, as UIKit answers.
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        guard let own = symbolConfiguration else { return nil }
        let symbol = UIImage.symbol(name ?? "", own.applying(configuration))
        return UIImage(
            size: symbol.size, scale: symbol.scale, name: name, bitmap: symbol.bitmap,
            renderingMode: renderingMode, symbolConfiguration: symbol.configuration)
    }

    /// The image in `color` (its alpha kept), drawn as it is (`.alwaysOriginal`) unless told
    /// otherwise, as UIKit's (iOS 13). A dynamic colour resolves with the current traits.
    public func withTintColor(_ color: UIColor) -> UIImage {
        withTintColor(color, renderingMode: .automatic)
    }

    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        UIImage(
            size: size, scale: scale, name: name, bitmap: bitmap.map { UIImage.tinted($0, color.cgColor) },
            renderingMode: renderingMode == .automatic ? .alwaysOriginal : renderingMode,
            scenePhoto: scenePhoto,
            symbolConfiguration: symbolConfiguration)
    }

    /// `bitmap` in `color`: the colour premultiplied to bytes, each scaled by the pixel's
    /// coverage (alpha) a as (a + 1) / 256 and rounded down, iOS's arithmetic for an image view's
    /// template image (docs/design/rendering.md §7.3): grey 211 at coverage 238 is 196 on iOS,
    /// where a / 255 rounded gives 197. An opaque colour keeps the coverage as its alpha; a
    /// translucent one scales its own alpha the same way (not measured).
    package static func tinted(_ bitmap: Bitmap, _ color: CGColor) -> Bitmap {
        let c = color.rgba
        let alpha = Double(Swift.min(Swift.max(c.alpha, 0), 1))
        func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded().clampedInt(in: 0...255, nan: 0)) }
        let premultiplied = SIMD4(
            byte(Double(Swift.min(Swift.max(c.red, 0), 1)) * alpha),
            byte(Double(Swift.min(Swift.max(c.green, 0), 1)) * alpha),
            byte(Double(Swift.min(Swift.max(c.blue, 0), 1)) * alpha), byte(alpha))
        var pixels = bitmap.pixels
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            for i in stride(from: 0, to: buffer.count - 3, by: 4) {
                let v = (premultiplied &* SIMD4(repeating: UInt32(p[i + 3]) + 1)) &>> 8
                (p[i], p[i + 1], p[i + 2], p[i + 3]) = (
                    UInt8(truncatingIfNeeded: v.x), UInt8(truncatingIfNeeded: v.y),
                    UInt8(truncatingIfNeeded: v.z), UInt8(truncatingIfNeeded: v.w)
                )
            }
        }
        var out = Bitmap(width: bitmap.width, height: bitmap.height, pixels: pixels)
        // A template image's text, tinted, is still text where it lies.
        out.textRects = bitmap.textRects
        return out
    }

    /// The stand-in glyph at `configuration` (point size 17, the body style's, regular, medium
    /// where it says nothing), black on clear at the screen's scale.
    package static func symbol(_ name: String, _ configuration: SymbolConfiguration?) -> (
        size: CGSize, scale: CGFloat, bitmap: Bitmap, configuration: SymbolConfiguration
    ) {
        let given = configuration ?? .unspecified
        let pointSize = given.pointSize > 0 ? given.pointSize : 17
        let weight = given.weight == .unspecified ? SymbolWeight.regular : given.weight
        let scaleFactor: CGFloat =
            switch given.scale {
            case .small: 0.8
            case .large: 1.3
            default: 1
            }
        let side = (pointSize * 1.2 * scaleFactor).rounded()
        let stroke =
            pointSize * [0.03, 0.045, 0.065, 0.085, 0.1, 0.115, 0.13, 0.15, 0.17][weight.rawValue - 1]
        let scale = UIScreen.main.scale
        let n = Swift.max(1, Int((side * scale).rounded()))
        let box = Double(side)
        // The outline's centre line: a rounded square inset by the margin and half the stroke.
        let half = box / 2 - box * 0.08 - Double(stroke) / 2
        let radius = box * 0.22
        let width = Double(stroke)
        var pixels = [UInt8](repeating: 0, count: n * n * 4)
        let samples = 4
        for y in 0..<n {
            for x in 0..<n {
                var inside = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let px = (Double(x) + (Double(sx) + 0.5) / Double(samples)) / Double(scale) - box / 2
                        let py = (Double(y) + (Double(sy) + 0.5) / Double(samples)) / Double(scale) - box / 2
                        let qx = abs(px) - (half - radius)
                        let qy = abs(py) - (half - radius)
                        let outside =
                            (Swift.max(qx, 0) * Swift.max(qx, 0) + Swift.max(qy, 0) * Swift.max(qy, 0))
                            .squareRoot()
                        let distance = outside + Swift.min(Swift.max(qx, qy), 0) - radius
                        if abs(distance) <= width / 2 { inside += 1 }
                    }
                }
                pixels[(y * n + x) * 4 + 3] = UInt8(
                    (Double(inside) / Double(samples * samples) * 255).rounded())
            }
        }
        return (
            CGSize(width: CGFloat(n) / scale, height: CGFloat(n) / scale), scale,
            Bitmap(width: n, height: n, pixels: pixels),
            SymbolConfiguration(pointSize: pointSize, weight: weight, scale: given.scale)
        )
    }
}
