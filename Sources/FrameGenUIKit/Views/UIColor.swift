import Foundation
import FrameGenCoreGraphics

/// A colour: a CGColor in UIKit's clothes, immutable and therefore Sendable, as UIColor is in
/// Apple's SDK (so that `static let brand = UIColor(...)` compiles in Swift 6 mode).
///
/// Grey colours (`init(white:alpha:)`, black, white, the grays, clear) are in the grey colour
/// space and the rest in extended sRGB, as on iOS: a grey and an RGB colour are never equal,
/// and components are not clamped. Dynamic (light and dark) colours do not exist here: the
/// system colours are their light, default-contrast values.
open class UIColor: NSObject, _ExpressibleByColorLiteral, @unchecked Sendable {
    public let cgColor: CGColor

    /// The fill colour of the current context (in `draw(_:)`; elsewhere does nothing).
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// The stroke colour of the current context.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    /// Both the fill and the stroke colour of the current context.
    open func set() {
        setFill()
        setStroke()
    }

    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        super.init()
    }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// `#colorLiteral(red:green:blue:alpha:)`, as Xcode's colour picker writes it.
    public required convenience init(
        _colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float
    ) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// A Display P3 colour, drawn as its sRGB equivalent (each component clamped to 0...1: the
    /// canvas is sRGB): P3's transfer curve is sRGB's, its primaries are converted linearly.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func linear(_ c: CGFloat) -> CGFloat { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func encoded(_ c: CGFloat) -> CGFloat {
            let c = Swift.min(Swift.max(c, 0), 1)
            return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        self.init(
            red: encoded(1.2249401 * r - 0.2249404 * g),
            green: encoded(-0.0420569 * r + 1.0420571 * g),
            blue: encoded(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b), alpha: alpha)
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// HSB, each in 0...1 (hue 1 is hue 0 again).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - CGFloat(sector)
        let v = brightness
        let p = v * (1 - saturation)
        let q = v * (1 - saturation * f)
        let t = v * (1 - saturation * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The same colour, in the same colour space, with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha)!)
    }

    /// The sRGB components (a grey's white in all three); always succeeds here.
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = cgColor.rgba
        red?.pointee = c.red
        green?.pointee = c.green
        blue?.pointee = c.blue
        alpha?.pointee = c.alpha
        return true
    }

    /// Succeeds for grey colours only, leaving the arguments unchanged otherwise (framegen's
    /// reading of "not in a compatible color space").
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?)
        -> Bool
    {
        guard cgColor.space == .gray, let c = cgColor.components else { return false }
        white?.pointee = c[0]
        alpha?.pointee = c[1]
        return true
    }

    /// Hue, saturation and brightness of the sRGB components; a grey has hue and saturation 0.
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = cgColor.rgba
        let high = max(c.red, c.green, c.blue)
        let range = high - min(c.red, c.green, c.blue)
        var h: CGFloat = 0
        if range > 0 {
            if high == c.red {
                h = (c.green - c.blue) / range
            } else if high == c.green {
                h = 2 + (c.blue - c.red) / range
            } else {
                h = 4 + (c.red - c.green) / range
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = high > 0 ? range / high : 0
        brightness?.pointee = high
        alpha?.pointee = c.alpha
        return true
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UIColor)?.cgColor == cgColor
    }

    open override var hash: Int { cgColor.hashValue }

    /// As iOS prints it: "UIExtendedSRGBColorSpace 1 0 0 1", "UIExtendedGrayColorSpace 0 1".
    open override var description: String {
        let space = cgColor.space == .gray ? "UIExtendedGrayColorSpace" : "UIExtendedSRGBColorSpace"
        let values = (cgColor.components ?? []).map { "\($0 == $0.rounded() ? "\(Int($0))" : "\($0)")" }
        return ([space] + values).joined(separator: " ")
    }
}

// The named colours, with the values Apple documents for each.
extension UIColor {
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var darkGray: UIColor { UIColor(white: 1 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2 / 3, alpha: 1) }
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
}

// The system colours iOS 13 introduced, in their light, default-contrast appearance (the values
// Apple's Human Interface Guidelines list for iOS 13 and 14; framegen renders no dark mode).
extension UIColor {
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    public static var systemRed: UIColor { rgb(255, 59, 48) }
    public static var systemOrange: UIColor { rgb(255, 149, 0) }
    public static var systemYellow: UIColor { rgb(255, 204, 0) }
    public static var systemGreen: UIColor { rgb(52, 199, 89) }
    public static var systemTeal: UIColor { rgb(90, 200, 250) }
    public static var systemBlue: UIColor { rgb(0, 122, 255) }
    public static var systemIndigo: UIColor { rgb(88, 86, 214) }
    public static var systemPurple: UIColor { rgb(175, 82, 222) }
    public static var systemPink: UIColor { rgb(255, 45, 85) }
    public static var systemGray: UIColor { rgb(142, 142, 147) }
    public static var systemGray2: UIColor { rgb(174, 174, 178) }
    public static var systemGray3: UIColor { rgb(199, 199, 204) }
    public static var systemGray4: UIColor { rgb(209, 209, 214) }
    public static var systemGray5: UIColor { rgb(229, 229, 234) }
    public static var systemGray6: UIColor { rgb(242, 242, 247) }
    public static var label: UIColor { UIColor(white: 0, alpha: 1) }
    public static var secondaryLabel: UIColor { rgb(60, 60, 67, 0.6) }
    public static var tertiaryLabel: UIColor { rgb(60, 60, 67, 0.3) }
    public static var quaternaryLabel: UIColor { rgb(60, 60, 67, 0.18) }
    public static var separator: UIColor { rgb(60, 60, 67, 0.29) }
    public static var systemBackground: UIColor { UIColor(white: 1, alpha: 1) }
    public static var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    public static var tertiarySystemBackground: UIColor { UIColor(white: 1, alpha: 1) }
    public static var systemGroupedBackground: UIColor { rgb(242, 242, 247) }
    public static var secondarySystemGroupedBackground: UIColor { UIColor(white: 1, alpha: 1) }
    public static var systemFill: UIColor { rgb(120, 120, 128, 0.2) }
    public static var secondarySystemFill: UIColor { rgb(120, 120, 128, 0.16) }
    /// The tint views inherit when no ancestor sets one: system blue.
    public static var tintColor: UIColor { systemBlue }
}

/// What `#colorLiteral(red:green:blue:alpha:)` makes when nothing else says, as in Apple's UIKit.
public typealias _ColorLiteralType = UIColor
