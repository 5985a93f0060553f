import Foundation
import FrameGenCoreText

/// A font described by attributes (family, name, size, traits), from which `UIFont(descriptor:
/// size:)` makes a font: how apps make a bold or italic version of a font, or the rounded,
/// monospaced or serif system font. Immutable. framegen's fonts are descriptions (UIFont.swift),
/// so every descriptor makes a font: `withSymbolicTraits(_:)` and `withDesign(_:)` return nil
/// only where iOS has no such font for certain (a design of a font other than the system's).
open class UIFontDescriptor: NSObject, NSCopying, @unchecked Sendable {
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        public static let visibleName = AttributeName(rawValue: "NSFontVisibleNameAttribute")
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
    }

    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
        public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
        /// The system font's design (`withDesign(_:)`), as iOS keeps it among the traits.
        static let design = TraitKey(rawValue: "NSCTFontUIFontDesignTrait")
    }

    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// The system font's designs; the raw values are UIKit's.
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
    }

    public let fontAttributes: [AttributeName: Any]

    public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        fontAttributes = attributes
        super.init()
    }

    public convenience init(name fontName: String, size: CGFloat) {
        self.init(fontAttributes: [.name: fontName, .size: size])
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    open func object(forKey anAttribute: AttributeName) -> Any? { fontAttributes[anAttribute] }

    open var postscriptName: String { (fontAttributes[.name] as? String) ?? "" }

    /// 0 when the attributes give no size.
    open var pointSize: CGFloat { Self.number(fontAttributes[.size]) ?? 0 }

    open var symbolicTraits: SymbolicTraits {
        SymbolicTraits(rawValue: UInt32(Self.number(traits[TraitKey.symbolic.rawValue]) ?? 0))
    }

    /// The traits dictionary, keyed by the keys' raw values as iOS prints it.
    var traits: [String: Any] {
        if let t = fontAttributes[.traits] as? [TraitKey: Any] {
            return Dictionary(uniqueKeysWithValues: t.map { ($0.key.rawValue, $0.value) })
        }
        return (fontAttributes[.traits] as? [String: Any]) ?? [:]
    }

    var design: SystemDesign? { (traits[TraitKey.design.rawValue] as? String).map(SystemDesign.init) }

    /// A CGFloat, Double, Int or NSNumber attribute.
    static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let v as CGFloat: v
        case let v as Double: CGFloat(v)
        case let v as Int: CGFloat(v)
        case let v as UInt32: CGFloat(v)
        case let v as NSNumber: CGFloat(v.doubleValue)
        default: nil
        }
    }

    /// The attributes with `attributes` added over them (the traits replaced whole).
    open func addingAttributes(_ attributes: [AttributeName: Any] = [:]) -> UIFontDescriptor {
        UIFontDescriptor(fontAttributes: fontAttributes.merging(attributes) { $1 })
    }

    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        addingAttributes([.size: newPointSize])
    }

    open func withFamily(_ newFamily: String) -> UIFontDescriptor {
        var attributes = fontAttributes
        attributes[.name] = nil
        attributes[.family] = newFamily
        return UIFontDescriptor(fontAttributes: attributes)
    }

    open func withFace(_ newFace: String) -> UIFontDescriptor { addingAttributes([.face: newFace]) }

    private func with(traits newTraits: [String: Any]) -> UIFontDescriptor {
        var attributes = fontAttributes
        attributes[.traits] = Dictionary(
            uniqueKeysWithValues: newTraits.map { (TraitKey(rawValue: $0.key), $0.value) })
        return UIFontDescriptor(fontAttributes: attributes)
    }

    /// The same font with exactly these traits (iOS replaces them, it does not add them): bold
    /// sets the bold weight and its absence a bold one's regular; monospace is the monospaced
    /// design of the system font.
    open func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        var t = traits
        t[TraitKey.symbolic.rawValue] = symbolicTraits.rawValue
        let weight = Self.number(t[TraitKey.weight.rawValue]) ?? 0
        if symbolicTraits.contains(.traitBold) {
            if weight < UIFont.Weight.bold.rawValue {
                t[TraitKey.weight.rawValue] = UIFont.Weight.bold.rawValue
            }
        } else if weight >= UIFont.Weight.bold.rawValue {
            t[TraitKey.weight.rawValue] = UIFont.Weight.regular.rawValue
        }
        if symbolicTraits.contains(.traitMonoSpace), isSystem {
            t[TraitKey.design.rawValue] = SystemDesign.monospaced.rawValue
        }
        return with(traits: t)
    }

    /// The system font in another design; nil for another font, as on iOS.
    open func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
        guard isSystem else { return nil }
        var t = traits
        t[TraitKey.design.rawValue] = design.rawValue
        return with(traits: t)
    }

    /// Whether it describes the system font (its family or name begins with a dot, as iOS's
    /// private system font names do, or it is a text style's).
    var isSystem: Bool {
        fontAttributes[.textStyle] != nil
            || ((fontAttributes[.family] as? String) ?? postscriptName).hasPrefix(".")
    }

    /// A text style's font at the app's text size.
    open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        preferredFontDescriptor(withTextStyle: style, compatibleWith: nil)
    }

    open class func preferredFontDescriptor(
        withTextStyle style: UIFont.TextStyle, compatibleWith traitCollection: UITraitCollection?
    ) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style, compatibleWith: traitCollection).fontDescriptor
            .addingAttributes([.textStyle: style.rawValue])
    }
}

extension UIFont {
    /// The font's family, name, size and traits (bold from the bold weight up, as iOS reports
    /// the system font's).
    public var fontDescriptor: UIFontDescriptor {
        var symbolic: UIFontDescriptor.SymbolicTraits = []
        if weight.rawValue >= Weight.bold.rawValue { symbolic.insert(.traitBold) }
        if isItalic { symbolic.insert(.traitItalic) }
        if design == .monospacedSystem { symbolic.insert(.traitMonoSpace) }
        var traits: [UIFontDescriptor.TraitKey: Any] = [
            .symbolic: symbolic.rawValue, .weight: weight.rawValue,
        ]
        if let systemDesign = design.systemDesign { traits[.design] = systemDesign.rawValue }
        return UIFontDescriptor(fontAttributes: [
            .name: fontName, .family: familyName, .size: pointSize, .traits: traits,
        ])
    }

    /// The font a descriptor describes, at `pointSize`, or at the descriptor's size when that is
    /// 0 (12 points when it has none either, NSAttributedString's default). A text style's
    /// follows the text size as `preferredFont(forTextStyle:)` does.
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize > 0 ? pointSize : descriptor.pointSize > 0 ? descriptor.pointSize : 12
        let symbolic = descriptor.symbolicTraits
        let weight = Weight(
            rawValue: UIFontDescriptor.number(descriptor.traits[UIFontDescriptor.TraitKey.weight.rawValue])
                ?? (symbolic.contains(.traitBold) ? Weight.bold.rawValue : 0))
        let italic = symbolic.contains(.traitItalic)
        let style = (descriptor.fontAttributes[.textStyle] as? String).map(UIFont.TextStyle.init)
        if descriptor.isSystem {
            let design: Design =
                switch descriptor.design {
                case .monospaced?: .monospacedSystem
                case .rounded?: .roundedSystem
                case .serif?: .serifSystem
                default: .system
                }
            let base = style.map { UIFont.preferredFont(forTextStyle: $0) }
            self.init(
                fontName: ".SFUI-" + weight.styleName + (italic ? "Italic" : ""),
                familyName: ".AppleSystemUIFont",
                pointSize: size, weight: weight, isItalic: italic, design: design,
                dynamicType: pointSize > 0 ? nil : base?.dynamicType)
        } else if let named = descriptor.fontAttributes[.name] as? String,
            descriptor.traits[UIFontDescriptor.TraitKey.symbolic.rawValue] == nil,
            let registered = FontRegistry.font(named: named)
        {
            // A registered font's own descriptor (`font.fontDescriptor`, `withSize`): the same face.
            self.init(appFont: registered.tables, size: size)
        } else {
            let family =
                (descriptor.fontAttributes[.family] as? String)
                ?? descriptor.postscriptName.split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
            let named = descriptor.fontAttributes[.name] as? String
            let style = (weight.rawValue >= Weight.bold.rawValue ? "Bold" : "") + (italic ? "Italic" : "")
            let keepsName =
                named != nil && descriptor.traits[UIFontDescriptor.TraitKey.symbolic.rawValue] == nil
            self.init(
                fontName: keepsName ? named! : style.isEmpty ? family : family + "-" + style,
                familyName: family,
                pointSize: size, weight: weight, isItalic: italic, design: .named)
        }
    }

    /// The width is kept by no font: framegen's faces have one width (docs/uikit.md "Attributed text and measuring").
    public struct Width: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let compressed = Width(rawValue: -0.3)
        public static let condensed = Width(rawValue: -0.2)
        public static let standard = Width(rawValue: 0)
        public static let expanded = Width(rawValue: 0.2)
    }

    public class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight, width: UIFont.Width)
        -> UIFont
    {
        systemFont(ofSize: fontSize, weight: weight)
    }
}

extension UIFont.Design {
    var systemDesign: UIFontDescriptor.SystemDesign? {
        switch self {
        case .system, .monospacedDigitSystem: .default
        case .monospacedSystem: .monospaced
        case .roundedSystem: .rounded
        case .serifSystem: .serif
        case .named: nil
        }
    }
}
