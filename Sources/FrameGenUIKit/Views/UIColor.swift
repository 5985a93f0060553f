import Foundation
import FrameGenCoreGraphics

/// A colour: a CGColor in UIKit's clothes, or a dynamic colour made of a provider that UIKit
/// asks for the colour under given traits (light or dark, base or elevated). Immutable and
/// therefore Sendable, as UIColor is in Apple's SDK (so that `static let brand = UIColor(...)`
/// compiles in Swift 6 mode).
///
/// Grey colours (`init(white:alpha:)`, black, white, the grays, clear) are in the grey colour
/// space and the rest in extended sRGB, as on iOS: a grey and an RGB colour are never equal,
/// and components are not clamped. The system colours (`.systemBackground`, `.label`,
/// `.systemBlue`...) are dynamic, with iOS's light and dark values (docs/uikit.md "Dark mode
/// and traits"). A dynamic colour's `cgColor` and components are those it resolves to under
/// `UITraitCollection.current`, as on iOS; a view resolves its background and a label its
/// text colour with the view's own traits each time it is drawn.
open class UIColor: NSObject, NSSecureCoding, _ExpressibleByColorLiteral, @unchecked Sendable {
    /// Nil for a dynamic colour.
    private let fixed: CGColor?
    /// Nil for a fixed colour. Not `@Sendable`, as in Apple's SDK: UIKit calls it on the thread
    /// that resolves the colour.
    private let provider: ((UITraitCollection) -> UIColor)?
    /// A system colour's name, as iOS prints it ("systemBlueColor").
    private let systemName: String?

    /// The colour itself, or a dynamic colour resolved with `UITraitCollection.current`.
    public var cgColor: CGColor { fixed ?? resolvedColor(with: .current).cgColor }

    /// Whether the colour comes from a provider (framegen's: UIKit keeps it private).
    package var isDynamic: Bool { provider != nil }

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
        fixed = cgColor
        provider = nil
        systemName = nil
        super.init()
    }

    // MARK: Archiving

    /// UIKit's colours are NSSecureCoding (an app archives a theme's colours): framegen keeps
    /// the sRGB components, a dynamic colour's as resolved with the current traits, and a system
    /// colour's name, which reads back as that dynamic colour.
    public static var supportsSecureCoding: Bool { true }

    public required init?(coder: NSCoder) {
        // Linux's unarchiver raises for a missing key that an object is asked of.
        if coder.containsValue(forKey: "UISystemColorName"),
            let name = coder.decodeObject(of: NSString.self, forKey: "UISystemColorName").map(String.init),
            let system = UIColor.systemColors[String(name.hasSuffix("Color") ? name.dropLast(5) : name[...])]
        {
            fixed = system.fixed
            provider = system.provider
            systemName = system.systemName
        } else if coder.containsValue(forKey: "UIRed") {
            fixed = CGColor(
                red: CGFloat(coder.decodeDouble(forKey: "UIRed")),
                green: CGFloat(coder.decodeDouble(forKey: "UIGreen")),
                blue: CGFloat(coder.decodeDouble(forKey: "UIBlue")),
                alpha: CGFloat(coder.decodeDouble(forKey: "UIAlpha")))
            provider = nil
            systemName = nil
        } else {
            return nil
        }
        super.init()
    }

    open func encode(with coder: NSCoder) {
        if let systemName { coder.encode(systemName as NSString, forKey: "UISystemColorName") }
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        _ = getRed(&r, green: &g, blue: &b, alpha: &a)
        coder.encode(Double(r), forKey: "UIRed")
        coder.encode(Double(g), forKey: "UIGreen")
        coder.encode(Double(b), forKey: "UIBlue")
        coder.encode(Double(a), forKey: "UIAlpha")
    }

    /// A dynamic colour: `provider` gives the colour for the traits it is resolved with
    /// (`UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }`).
    public init(dynamicProvider provider: @escaping (UITraitCollection) -> UIColor) {
        fixed = nil
        self.provider = provider
        systemName = nil
        super.init()
    }

    private init(systemName: String, provider: @escaping (UITraitCollection) -> UIColor) {
        fixed = nil
        self.provider = provider
        self.systemName = systemName
        super.init()
    }

    /// The colour under `traitCollection`: a fixed colour is itself; a dynamic colour is what
    /// its provider answers, resolved again when that is dynamic too.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
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

    /// A colour set of the app's asset catalogs (docs/uikit.md "Asset catalogs"), dynamic when
    /// the set has variants for dark or high-contrast appearances; nil when no catalog has it,
    /// as on iOS, so that `UIColor(named: "Accent") ?? .systemBlue` draws its fallback.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// A colour set of `bundle`'s catalogs (the app's for nil or `Bundle.main`; a SwiftPM
    /// target's for `Bundle.module`); with `traitCollection`, the variant for those traits, as
    /// a fixed colour.
    public convenience init?(
        named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?
    ) {
        guard let variants = AssetCatalogs.color(named: name, in: bundle) else { return nil }
        if let traitCollection {
            guard let color = AssetCatalog.best(variants, for: traitCollection, { $0.traits }).first?.color
            else {
                return nil
            }
            self.init(cgColor: color.cgColor)
        } else {
            guard let color = UIColor.catalogColor(variants) else { return nil }
            if color.isDynamic {
                self.init(dynamicProvider: { color.resolvedColor(with: $0) })
            } else {
                self.init(cgColor: color.cgColor)
            }
        }
    }

    /// A colour set's system colour, by the name Xcode writes for it ("systemBlueColor",
    /// "labelColor", "whiteColor").
    static func catalogReference(_ reference: String) -> UIColor? {
        let name = reference.hasSuffix("Color") ? String(reference.dropLast(5)) : reference
        if let system = systemColors[name] { return system }
        let classic: [String: UIColor] = [
            "black": .black, "darkGray": .darkGray, "lightGray": .lightGray, "white": .white, "gray": .gray,
            "red": .red, "green": .green, "blue": .blue, "cyan": .cyan, "yellow": .yellow,
            "magenta": .magenta,
            "orange": .orange, "purple": .purple, "brown": .brown, "clear": .clear,
        ]
        return classic[name]
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

    /// The same colour, in the same colour space, with another alpha; a dynamic colour stays
    /// dynamic, as on iOS.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        guard let fixed else {
            return UIColor { [self] traits in resolvedColor(with: traits).withAlphaComponent(alpha) }
        }
        return UIColor(cgColor: fixed.copy(alpha: alpha)!)
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

    /// Fixed colours are equal when their CGColors are; a dynamic colour only to itself (a
    /// system colour is one object, so `.label == .label`).
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        guard let fixed, let otherFixed = other.fixed else { return other === self }
        return fixed == otherFixed
    }

    open override var hash: Int { fixed?.hashValue ?? ObjectIdentifier(self).hashValue }

    /// As iOS prints it: "UIExtendedSRGBColorSpace 1 0 0 1", "UIExtendedGrayColorSpace 0 1";
    /// "<UIDynamicSystemColor: name = systemBlueColor>" for a system colour.
    open override var description: String {
        if let systemName { return "<UIDynamicSystemColor: name = \(systemName)>" }
        if provider != nil { return "<UIDynamicProviderColor>" }
        let cgColor = self.cgColor
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

// The system colours iOS 13 introduced (mint, cyan and brown iOS 15), dynamic, with the light
// and dark values of default contrast Apple's Human Interface Guidelines list for iOS 13 and 14
// (docs/uikit.md "Dark mode and traits" says how they were checked); the backgrounds' dark
// values are lighter at the elevated level, as on iOS. One object each, so that `==` holds.
extension UIColor {
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    /// A system colour: `light` in the light (or unspecified) appearance, `dark` in the dark one
    /// at the base level, `elevated` (else `dark`) in the dark one at the elevated level.
    private static func system(_ name: String, _ light: UIColor, _ dark: UIColor, elevated: UIColor? = nil)
        -> UIColor
    {
        UIColor(systemName: name) { traits in
            guard traits.userInterfaceStyle == .dark else { return light }
            return traits.userInterfaceLevel == .elevated ? elevated ?? dark : dark
        }
    }

    private static let white1 = UIColor(white: 1, alpha: 1)
    private static let black1 = UIColor(white: 0, alpha: 1)

    fileprivate static let systemColors: [String: UIColor] = [
        "systemRed": system("systemRedColor", rgb(255, 59, 48), rgb(255, 69, 58)),
        "systemOrange": system("systemOrangeColor", rgb(255, 149, 0), rgb(255, 159, 10)),
        "systemYellow": system("systemYellowColor", rgb(255, 204, 0), rgb(255, 214, 10)),
        "systemGreen": system("systemGreenColor", rgb(52, 199, 89), rgb(48, 209, 88)),
        "systemMint": system("systemMintColor", rgb(0, 199, 190), rgb(99, 230, 226)),
        "systemTeal": system("systemTealColor", rgb(90, 200, 250), rgb(100, 210, 255)),
        "systemCyan": system("systemCyanColor", rgb(50, 173, 230), rgb(100, 210, 255)),
        "systemBlue": system("systemBlueColor", rgb(0, 122, 255), rgb(10, 132, 255)),
        "systemIndigo": system("systemIndigoColor", rgb(88, 86, 214), rgb(94, 92, 230)),
        "systemPurple": system("systemPurpleColor", rgb(175, 82, 222), rgb(191, 90, 242)),
        "systemPink": system("systemPinkColor", rgb(255, 45, 85), rgb(255, 55, 95)),
        "systemBrown": system("systemBrownColor", rgb(162, 132, 94), rgb(172, 142, 104)),
        "systemGray": system("systemGrayColor", rgb(142, 142, 147), rgb(142, 142, 147)),
        "systemGray2": system("systemGray2Color", rgb(174, 174, 178), rgb(99, 99, 102)),
        "systemGray3": system("systemGray3Color", rgb(199, 199, 204), rgb(72, 72, 74)),
        "systemGray4": system("systemGray4Color", rgb(209, 209, 214), rgb(58, 58, 60)),
        "systemGray5": system("systemGray5Color", rgb(229, 229, 234), rgb(44, 44, 46)),
        "systemGray6": system("systemGray6Color", rgb(242, 242, 247), rgb(28, 28, 30)),
        "label": system("labelColor", black1, white1),
        "secondaryLabel": system("secondaryLabelColor", rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)),
        "tertiaryLabel": system("tertiaryLabelColor", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        "quaternaryLabel": system("quaternaryLabelColor", rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16)),
        "placeholderText": system("placeholderTextColor", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        "link": system("linkColor", rgb(0, 122, 255), rgb(9, 132, 255)),
        "separator": system("separatorColor", rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)),
        "opaqueSeparator": system("opaqueSeparatorColor", rgb(198, 198, 200), rgb(56, 56, 58)),
        "systemBackground": system(
            "systemBackgroundColor", white1, black1, elevated: rgb(28, 28, 30)),
        "secondarySystemBackground": system(
            "secondarySystemBackgroundColor", rgb(242, 242, 247), rgb(28, 28, 30), elevated: rgb(44, 44, 46)),
        "tertiarySystemBackground": system(
            "tertiarySystemBackgroundColor", white1, rgb(44, 44, 46), elevated: rgb(58, 58, 60)),
        "systemGroupedBackground": system(
            "systemGroupedBackgroundColor", rgb(242, 242, 247), black1, elevated: rgb(28, 28, 30)),
        "secondarySystemGroupedBackground": system(
            "secondarySystemGroupedBackgroundColor", white1, rgb(28, 28, 30), elevated: rgb(44, 44, 46)),
        "tertiarySystemGroupedBackground": system(
            "tertiarySystemGroupedBackgroundColor", rgb(242, 242, 247), rgb(44, 44, 46),
            elevated: rgb(58, 58, 60)),
        "systemFill": system("systemFillColor", rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36)),
        "secondarySystemFill": system(
            "secondarySystemFillColor", rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32)),
        "tertiarySystemFill": system(
            "tertiarySystemFillColor", rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24)),
        "quaternarySystemFill": system(
            "quaternarySystemFillColor", rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18)),
    ]

    private static func named(_ name: String) -> UIColor { systemColors[name]! }

    /// A system colour by its name without "Color" ("systemBackground"), as a storyboard names it.
    static func systemColor(named name: String) -> UIColor? { systemColors[name] }

    public static var systemRed: UIColor { named("systemRed") }
    public static var systemOrange: UIColor { named("systemOrange") }
    public static var systemYellow: UIColor { named("systemYellow") }
    public static var systemGreen: UIColor { named("systemGreen") }
    public static var systemMint: UIColor { named("systemMint") }
    public static var systemTeal: UIColor { named("systemTeal") }
    public static var systemCyan: UIColor { named("systemCyan") }
    public static var systemBlue: UIColor { named("systemBlue") }
    public static var systemIndigo: UIColor { named("systemIndigo") }
    public static var systemPurple: UIColor { named("systemPurple") }
    public static var systemPink: UIColor { named("systemPink") }
    public static var systemBrown: UIColor { named("systemBrown") }
    public static var systemGray: UIColor { named("systemGray") }
    public static var systemGray2: UIColor { named("systemGray2") }
    public static var systemGray3: UIColor { named("systemGray3") }
    public static var systemGray4: UIColor { named("systemGray4") }
    public static var systemGray5: UIColor { named("systemGray5") }
    public static var systemGray6: UIColor { named("systemGray6") }
    public static var label: UIColor { named("label") }
    public static var secondaryLabel: UIColor { named("secondaryLabel") }
    public static var tertiaryLabel: UIColor { named("tertiaryLabel") }
    public static var quaternaryLabel: UIColor { named("quaternaryLabel") }
    public static var placeholderText: UIColor { named("placeholderText") }
    public static var link: UIColor { named("link") }
    public static var separator: UIColor { named("separator") }
    public static var opaqueSeparator: UIColor { named("opaqueSeparator") }
    public static var systemBackground: UIColor { named("systemBackground") }
    public static var secondarySystemBackground: UIColor { named("secondarySystemBackground") }
    public static var tertiarySystemBackground: UIColor { named("tertiarySystemBackground") }
    public static var systemGroupedBackground: UIColor { named("systemGroupedBackground") }
    public static var secondarySystemGroupedBackground: UIColor { named("secondarySystemGroupedBackground") }
    public static var tertiarySystemGroupedBackground: UIColor { named("tertiarySystemGroupedBackground") }
    public static var systemFill: UIColor { named("systemFill") }
    public static var secondarySystemFill: UIColor { named("secondarySystemFill") }
    public static var tertiarySystemFill: UIColor { named("tertiarySystemFill") }
    public static var quaternarySystemFill: UIColor { named("quaternarySystemFill") }
    /// The tint views inherit when no ancestor sets one: system blue.
    public static var tintColor: UIColor { systemBlue }
}

/// What `#colorLiteral(red:green:blue:alpha:)` makes when nothing else says, as in Apple's UIKit.
public typealias _ColorLiteralType = UIColor
