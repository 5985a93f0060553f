/// The appearance a scene's screen has (`canvas.appearance`, `canvas.contentSizeCategory`):
/// what UIKit code reads from its traits (UITraitCollection's `userInterfaceStyle` and
/// `preferredContentSizeCategory`). The built-in layouts and cell styles do not read it.
public struct ScreenAppearance: Hashable, Sendable {
    public enum Style: String, CaseIterable, Hashable, Sendable {
        case light, dark
    }

    /// UIContentSizeCategory's names, smallest first.
    public enum ContentSizeCategory: String, CaseIterable, Hashable, Sendable {
        case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
        case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
        case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge
    }

    public var style: Style
    public var contentSizeCategory: ContentSizeCategory

    /// Light, large text: an iPhone as it ships.
    public init(style: Style = .light, contentSizeCategory: ContentSizeCategory = .large) {
        self.style = style
        self.contentSizeCategory = contentSizeCategory
    }
}
