import Foundation
import FrameGenCoreGraphics
import FrameGenCoreText
import FrameGenText

/// A font: a family, a weight and a size, immutable and Sendable as in Apple's SDK. Three kinds,
/// as `UIFont(name:size:)` finds them (docs/uikit.md "Fonts"):
/// - the system font, whose metrics are SF Pro's (units per em 2048, ascender 1950, descender
///   -494, no line gap, cap height 1443, x-height 1078), iOS's own values, drawn and measured from
///   Apple's SF Pro files where a folder of them is given (SystemFont), else with Liberation Sans
///   (FontLocator.systemStandInFamily), whose widths are closest to SF's;
/// - a font the app registered (UIAppFonts, Core Text's font manager): its metrics are its
///   own file's, and the compositor draws it from that file;
/// - one of iOS's own fonts (IOSFontNames), whose files are Apple's and are not here: drawn with
///   fontconfig's substitute for its family, with the system font's metrics.
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

        /// A font's OS/2 usWeightClass as UIKit's weight: 100 ultralight, 200 thin, 300 light,
        /// 400 regular, 500 medium, 600 semibold, 700 bold, 800 heavy, 900 black (nearest).
        init(weightClass: Int) {
            let weights: [Weight] = [
                .ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black,
            ]
            self = weights[min(max((weightClass + 50) / 100, 1), 9) - 1]
        }

        /// The weight a style name says ("Bold", "CondensedExtraBold", "LightOblique"), regular
        /// when it names none.
        init(styleName style: String) {
            let s = style.lowercased()
            let words: [(String, Weight)] = [
                ("ultralight", .ultraLight), ("extralight", .ultraLight), ("thin", .thin), ("light", .light),
                ("medium", .medium), ("semibold", .semibold), ("demibold", .semibold), ("extrabold", .heavy),
                ("ultrabold", .heavy), ("heavy", .heavy), ("extrablack", .black), ("black", .black),
                ("bold", .bold),
            ]
            self = words.first { s.contains($0.0) }?.1 ?? .regular
        }

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
    /// The tables of a font the app registered (its names and metrics); nil for the system font
    /// and iOS's own fonts.
    package let appFont: FontTables?

    package init(
        fontName: String, familyName: String, pointSize: CGFloat, weight: Weight, isItalic: Bool,
        design: Design, dynamicType: DynamicTypeScaling? = nil, appFont: FontTables? = nil
    ) {
        self.fontName = fontName
        self.familyName = familyName
        self.pointSize = pointSize
        self.weight = weight
        self.isItalic = isItalic
        self.design = design
        self.dynamicType = dynamicType
        self.appFont = appFont
        super.init()
    }

    /// A font the app registered, at `size`: named, weighted and slanted as its tables say.
    package convenience init(appFont tables: FontTables, size: CGFloat) {
        self.init(
            fontName: tables.postScriptName, familyName: tables.familyName, pointSize: size,
            weight: Weight(weightClass: tables.weightClass), isItalic: tables.isItalic, design: .named,
            appFont: tables)
    }

    /// A font by name, as iOS finds it: a font the app registered (UIAppFonts in its Info.plist,
    /// `CTFontManagerRegisterFontsForURL`, `CTFontManagerRegisterGraphicsFont`) or one of iOS's own
    /// (IOSFontNames), by PostScript name (name table ID 6) or full name (ID 4), and, as Core
    /// Text's `CTFontCreateWithName` matches other names "in a fallback manner", by family name
    /// (the family's regular face). Any other name is nil, as on iOS, where an app's
    /// `UIFont(name:size:)!` would crash: framegen says so once per name on standard error, and
    /// names a font file of the bundle that has that name but is not listed in UIAppFonts.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        AppFontFiles.loadKnownBundles()
        if let registered = FontRegistry.font(named: fontName) ?? Self.registeredFamily(fontName) {
            self.init(appFont: registered.tables, size: fontSize)
            return
        }
        let name =
            IOSFontNames.familyOfName[fontName] != nil
            ? fontName : IOSFontNames.regularName(ofFamily: fontName)
        guard let name, let family = IOSFontNames.familyOfName[name] else {
            AppFontFiles.warnNotFound(fontName)
            return nil
        }
        let style = name.split(separator: "-", maxSplits: 1).dropFirst().first.map { $0.lowercased() } ?? ""
        self.init(
            fontName: name, familyName: family, pointSize: fontSize, weight: Weight(styleName: style),
            isItalic: style.contains("italic") || style.contains("oblique") || style.hasSuffix("ita")
                || style.hasSuffix("bookit"),
            design: .named)
    }

    /// A registered family's regular face: the upright one of weight nearest 400.
    private static func registeredFamily(_ family: String) -> RegisteredFont? {
        FontRegistry.fonts.filter { $0.tables.familyName == family }
            .min { a, b in
                (a.tables.isItalic ? 1000 : 0) + abs(a.tables.weightClass - 400)
                    < (b.tables.isItalic ? 1000 : 0) + abs(b.tables.weightClass - 400)
            }
    }

    /// The families of fonts: iOS's own and those the app registered, in alphabetical order.
    open class var familyNames: [String] {
        AppFontFiles.loadKnownBundles()
        let families = IOSFontNames.families.map(\.family) + FontRegistry.fonts.map(\.tables.familyName)
        return Set(families).sorted()
    }

    /// The PostScript names of a family's fonts: iOS's own, then those the app registered.
    open class func fontNames(forFamilyName familyName: String) -> [String] {
        AppFontFiles.loadKnownBundles()
        let own = IOSFontNames.families.first { $0.family == familyName }?.names ?? []
        return own
            + FontRegistry.fonts.filter { $0.tables.familyName == familyName }.map(\.tables.postScriptName)
            .filter { !own.contains($0) }
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
            isItalic: isItalic, design: design, appFont: appFont)
    }

    /// Whether the compositor draws it from the bold face: from semibold up (it has regular and
    /// bold faces only). A registered font is drawn from its own file, whatever this says.
    package var isDrawnBold: Bool { weight.rawValue >= Weight.semibold.rawValue }

    /// The family the compositor asks for: a registered font's PostScript name, which
    /// FrameGenText's AppFonts draws from the font's file; the family fontconfig substitutes
    /// for one of iOS's fonts; for the system font, its face's name by cut and style
    /// (".SFUIText-Semibold"), which FrameGenText draws from Apple's files or the stand-in.
    package var drawnFamily: String? {
        if let appFont { return appFont.postScriptName }
        guard familyName.hasPrefix(".") else { return familyName }
        Self.checkSystemFonts()
        return SystemFont.family(
            cut: SystemFont.Cut(pointSize: Double(pointSize)), style: weight.styleName, italic: isItalic)
    }

    /// The tracking the system font is drawn with, in thousandths of an em: San Francisco's for
    /// the point size when Apple's files draw it (iOS applies it by itself), none for its
    /// stand-in, whose widths were chosen as they are, or for another font.
    package var drawnTracking: Double {
        guard appFont == nil, familyName.hasPrefix("."), SystemFont.usesAppleFiles else { return 0 }
        return SystemFont.tracking(pointSize: Double(pointSize))
    }

    /// FrameGenText draws the system font from Apple's files (FRAMEGEN_SYSTEM_FONTS), else with
    /// its stand-in (FontLocator.systemStandInFamily), else, when fontconfig does not have that,
    /// with the default family. A folder that gives no file, or a missing stand-in, is said once
    /// on standard error, because every text width then differs from what was asked for.
    private static let systemFontsChecked: Bool = {
        let warnings = LayoutWarnings()
        if let problem = SystemFont.folderProblem {
            warnings.warn(problem + "; drawing the system font with its stand-in")
        }
        if SystemFont.usesAppleFiles { return true }
        let family = FontLocator.systemStandInFamily
        if FontLocator.system.hasFamily(family) { return true }
        warnings.warn(
            "the system font's stand-in, \(family), is not installed (apt-get install fonts-liberation2); "
                + "drawing the system font with \(FontLocator.defaultFamily), whose text is about 15 % wider")
        return false
    }()
    private static func checkSystemFonts() { _ = systemFontsChecked }

    // The vertical metrics, as Core Text computes them (docs/decisions.md "App fonts"): a
    // registered font's from its hhea table (ascender, descender, line gap; Core Text does not
    // take OS/2's typographic metrics, USE_TYPO_METRICS or not) and its OS/2 cap and x heights
    // (else the tops of its "H" and "x"), scaled from its units per em to the point size; SF
    // Pro's for every other font (see the type's comment). The line height is their plain sum,
    // unrounded, as iOS reports it (17-point SF Pro: 20.287109375).
    open var ascender: CGFloat { scaled(appFont?.ascender, 1950) }
    open var descender: CGFloat { scaled(appFont?.descender, -494) }
    open var leading: CGFloat { scaled(appFont?.lineGap, 0) }
    open var lineHeight: CGFloat { ascender - descender + leading }
    open var capHeight: CGFloat { scaled(appFont.map { $0.capHeight ?? 0 }, 1443) }
    open var xHeight: CGFloat { scaled(appFont.map { $0.xHeight ?? 0 }, 1078) }

    /// `units` of the registered font's em, else `systemUnits` of SF Pro's 2048, at the point size.
    private func scaled(_ units: Int?, _ systemUnits: Int) -> CGFloat {
        guard let appFont, let units else { return pointSize * CGFloat(systemUnits) / 2048 }
        return pointSize * CGFloat(units) / CGFloat(appFont.unitsPerEm)
    }

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
