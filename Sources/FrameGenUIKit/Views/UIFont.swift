import Foundation

/// A font: a family, a weight and a size, immutable and Sendable as in Apple's SDK. UIKit's
/// module has no font files (the compositor resolves families through fontconfig, in
/// Sources/FrameGenText), so a font here is a description of what to draw with, and its metrics are those
/// of the system font, SF Pro (units per em 2048, ascender 1950, descender -494, no line gap,
/// cap height 1443, x-height 1078), for every family: iOS's own values for the system font, an
/// approximation for others.
open class UIFont: NSObject, @unchecked Sendable {
    /// A weight as UIKit numbers it, -1 (lightest) to 1 (heaviest); regular is 0.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat

        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The style name iOS puts in the system font's name, for the nearest named weight.
        var styleName: String {
            let names: [(Weight, String)] = [
                (.ultraLight, "Ultralight"), (.thin, "Thin"), (.light, "Light"), (.regular, "Regular"),
                (.medium, "Medium"), (.semibold, "Semibold"), (.bold, "Bold"), (.heavy, "Heavy"),
                (.black, "Black"),
            ]
            return names.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
        }
    }

    /// Dynamic Type's styles; the raw values are UIKit's.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Size and weight at the default (Large) content size, from Apple's Human Interface
        /// Guidelines (the other sizes: `pointSize(for:)`, UIFontMetrics.swift).
        var defaultFont: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }

    /// What the compositor draws with: the system font's design, or a named family.
    package enum Design: Hashable, Sendable {
        case system
        case monospacedSystem
        case monospacedDigitSystem
        /// `UIFontDescriptor.withDesign(_:)`'s, drawn as the system font.
        case roundedSystem
        case serifSystem
        case named
    }

    public let fontName: String
    public let familyName: String
    public let pointSize: CGFloat
    package let weight: Weight
    package let isItalic: Bool
    package let design: Design
    /// How the font follows the text size, for a font from a text style or `UIFontMetrics`
    /// (UIFontMetrics.swift); nil for a font of a fixed size.
    package let dynamicType: DynamicTypeScaling?

    package init(
        fontName: String, familyName: String, pointSize: CGFloat, weight: Weight, isItalic: Bool,
        design: Design, dynamicType: DynamicTypeScaling? = nil
    ) {
        self.fontName = fontName
        self.familyName = familyName
        self.pointSize = pointSize
        self.weight = weight
        self.isItalic = isItalic
        self.design = design
        self.dynamicType = dynamicType
        super.init()
    }

    /// A font by PostScript or family name. iOS returns nil for a font it does not have; this
    /// module cannot look fonts up, so framegen returns nil only for an empty name and takes the
    /// family to be the name up to its first "-" (PostScript's Family-Style convention).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        let family = fontName.split(separator: "-", maxSplits: 1).first.map(String.init) ?? fontName
        let style = fontName.dropFirst(family.count).lowercased()
        self.init(
            fontName: fontName, familyName: family, pointSize: fontSize,
            weight: style.contains("bold") ? .bold : .regular,
            isItalic: style.contains("italic") || style.contains("oblique"), design: .named)
    }

    /// The system font, named as iOS names it (".SFUI-Semibold", family ".AppleSystemUIFont").
    private static func system(
        _ size: CGFloat, _ weight: Weight, italic: Bool = false, design: Design = .system
    ) -> UIFont {
        let name = ".SFUI-" + weight.styleName + (italic ? "Italic" : "")
        return UIFont(
            fontName: name, familyName: ".AppleSystemUIFont", pointSize: size, weight: weight,
            isItalic: italic, design: design)
    }

    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { system(fontSize, .regular) }

    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        system(fontSize, weight)
    }

    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { system(fontSize, .bold) }

    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        system(fontSize, .regular, italic: true)
    }

    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        system(fontSize, weight, design: .monospacedSystem)
    }

    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        system(fontSize, weight, design: .monospacedDigitSystem)
    }

    /// The style's font at the app's text size: the screen's (a scene's
    /// `canvas.contentSizeCategory`, Large by default), whatever a view's traits say, as on
    /// iOS; `preferredFont(forTextStyle:compatibleWith:)` takes a view's (UIFontMetrics.swift).
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    open class var systemFontSize: CGFloat { 14 }
    open class var smallSystemFontSize: CGFloat { 12 }
    open class var labelFontSize: CGFloat { 17 }
    open class var buttonFontSize: CGFloat { 18 }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(
            fontName: fontName, familyName: familyName, pointSize: fontSize, weight: weight,
            isItalic: isItalic, design: design)
    }

    /// Whether the compositor draws it from the bold face: from semibold up (it has regular and
    /// bold faces only).
    package var isDrawnBold: Bool { weight.rawValue >= Weight.semibold.rawValue }

    /// The family the compositor asks fontconfig for; nil for the system font's (its default).
    package var drawnFamily: String? { familyName.hasPrefix(".") ? nil : familyName }

    // SF Pro's vertical metrics, in font units of a 2048-unit em (see the type's comment).
    open var ascender: CGFloat { pointSize * 1950 / 2048 }
    open var descender: CGFloat { -pointSize * 494 / 2048 }
    open var leading: CGFloat { 0 }
    open var lineHeight: CGFloat { ascender - descender + leading }
    open var capHeight: CGFloat { pointSize * 1443 / 2048 }
    open var xHeight: CGFloat { pointSize * 1078 / 2048 }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return fontName == other.fontName && familyName == other.familyName
            && pointSize == other.pointSize && weight == other.weight && isItalic == other.isItalic
            && design == other.design
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(fontName)
        hasher.combine(pointSize)
        return hasher.finalize()
    }

    open override var description: String {
        "<UIFont> font-family: \"\(familyName)\"; font-weight: \(weight.styleName.lowercased()); "
            + "font-style: \(isItalic ? "italic" : "normal"); font-size: \(pointSize)pt"
    }
}
