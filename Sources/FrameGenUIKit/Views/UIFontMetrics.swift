import Foundation

extension UIFont.TextStyle {
    /// The style's point size at `category`, from the Dynamic Type table of Apple's Human
    /// Interface Guidelines (iOS), columns from extra small to accessibility XXXL; the default
    /// (Large) size for an unspecified category or a style the table does not have.
    package func pointSize(for category: UIContentSizeCategory) -> CGFloat {
        let sizes: [CGFloat]? =
            switch self {
            case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
            default: nil
            }
        return sizes?[Self.column(of: category)] ?? defaultFont.size
    }

    /// A category's column in the tables here: extra small 0 to accessibility XXXL 11; Large's
    /// (3) for an unspecified category.
    private static func column(of category: UIContentSizeCategory) -> Int {
        guard let index = UIContentSizeCategory.ordered.firstIndex(of: category), index > 0 else { return 3 }
        return index - 1
    }

    /// The style's leading (its line height) at `category`, from the same table of the Human
    /// Interface Guidelines; Large's for an unspecified category or a style the table lacks.
    ///
    /// `UIFontMetrics` scales by this, not by the point size: iOS takes a body-style metrics'
    /// 17 points to 48 at accessibility XXXL (17 x 62 / 22), where the body style's own size is
    /// 53, and 16-point text to about 2.1 times at accessibility XL in recorded references.
    package func leading(for category: UIContentSizeCategory) -> CGFloat {
        let leadings: [CGFloat]? =
            switch self {
            case .largeTitle: [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70]
            case .title1: [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68]
            case .title2: [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66]
            case .title3: [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65]
            case .headline, .body: [19, 20, 21, 22, 24, 27, 29, 33, 40, 48, 56, 62]
            case .callout: [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60]
            case .subheadline: [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58]
            case .footnote: [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52]
            case .caption1: [15, 15, 15, 16, 19, 21, 23, 28, 32, 39, 44, 51]
            case .caption2: [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48]
            default: nil
            }
        return leadings?[Self.column(of: category)] ?? 22
    }

    /// How much `UIFontMetrics` scales a length at `category`: the style's leading there over
    /// its leading at Large.
    func metricsFactor(at category: UIContentSizeCategory) -> CGFloat {
        leading(for: category) / leading(for: .large)
    }
}

extension UIFont {
    /// The style's font at the text size of `traitCollection`, the app's (the screen's) where
    /// it names none, as UIKit documents.
    public class func preferredFont(
        forTextStyle style: UIFont.TextStyle, compatibleWith traitCollection: UITraitCollection?
    ) -> UIFont {
        let category = traitCollection?.preferredContentSizeCategory ?? .unspecified
        let size = style.pointSize(
            for: category == .unspecified ? UIScreen.main.preferredContentSizeCategory : category)
        return systemFont(ofSize: size, weight: style.defaultFont.weight).scaling(
            DynamicTypeScaling(
                style: style, sizeAtLarge: style.defaultFont.size, maximum: nil, byMetrics: false))
    }

    /// This font with `scaling` kept, so that a label adjusting to the text size can size it again.
    func scaling(_ scaling: DynamicTypeScaling) -> UIFont {
        UIFont(
            fontName: fontName, familyName: familyName, pointSize: pointSize, weight: weight,
            isItalic: isItalic,
            design: design, dynamicType: scaling, appFont: appFont)
    }

    /// The font at `category`'s size, when it follows the text size; nil for a fixed size.
    package func adjusted(to category: UIContentSizeCategory) -> UIFont? {
        guard let dynamicType else { return nil }
        return withSize(dynamicType.size(at: category)).scaling(dynamicType)
    }
}

/// A font that follows the text size: its style, its size at Large, a largest size, and whether
/// it came from `UIFontMetrics` (scaled by the style's leading, to whole points) or from the
/// style itself (its table's size).
package struct DynamicTypeScaling: Hashable, Sendable {
    let style: UIFont.TextStyle
    let sizeAtLarge: CGFloat
    let maximum: CGFloat?
    let byMetrics: Bool

    func size(at category: UIContentSizeCategory) -> CGFloat {
        let size =
            byMetrics
            ? (sizeAtLarge * style.metricsFactor(at: category)).rounded()
            : sizeAtLarge * style.pointSize(for: category) / style.pointSize(for: .large)
        return maximum.map { $0 > 0 ? Swift.min(size, $0) : size } ?? size
    }
}

/// Scales fonts and lengths of your own with the text size (Dynamic Type) as iOS does: by the
/// style's leading at the category over its leading at Large, the default, which grows less
/// than the style's point size at the accessibility sizes; a scaled font's size is rounded to
/// whole points. Without a trait collection, the app's (the screen's) text size, as UIKit
/// documents.
open class UIFontMetrics: NSObject, @unchecked Sendable {
    public let textStyle: UIFont.TextStyle

    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
        super.init()
    }

    /// The body style's metrics.
    open class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    private func factor(_ traits: UITraitCollection?) -> CGFloat {
        let named = traits?.preferredContentSizeCategory ?? .unspecified
        let category = named == .unspecified ? UIScreen.main.preferredContentSizeCategory : named
        return textStyle.metricsFactor(at: category)
    }

    /// `font` at its size scaled for the app's text size.
    open func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, compatibleWith: nil) }

    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }

    /// The font given is taken as the size at Large, as UIKit takes it.
    open func scaledFont(
        for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?
    ) -> UIFont {
        let size = (font.pointSize * factor(traitCollection)).rounded()
        return font.withSize(maximumPointSize > 0 ? Swift.min(size, maximumPointSize) : size).scaling(
            DynamicTypeScaling(
                style: textStyle, sizeAtLarge: font.pointSize,
                maximum: maximumPointSize > 0 ? maximumPointSize : nil, byMetrics: true))
    }

    /// `value` scaled for the app's text size.
    open func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    /// Rounded to the display's pixels (the traits' scale, else the screen's), as iOS's
    /// references show: thumbprint-ios's pills, 24 and 12 points of the body style at
    /// accessibility XL and extra small (52.364, 26.182, 20.727 and 10.364 points unrounded), are
    /// 157, 79, 62 and 31 pixels at 3x on iOS, so a pill twice its padding wide is 158 pixels,
    /// where the sum rounded once would be 157.
    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        let scaled = value * factor(traitCollection)
        let traitScale = traitCollection?.displayScale ?? 0
        let scale = traitScale > 0 ? traitScale : UIScreen.main.scale
        guard scaled.isFinite, scale > 0 else { return scaled }
        return (scaled * scale).rounded() / scale
    }
}
