import Foundation

/// A background's look, as UIKit's (iOS 14): a colour, corners, a stroke and an image. Buttons
/// (`UIButton.Configuration.background`) and collection view cells draw it; a table cell draws
/// its colour and corners.
public struct UIBackgroundConfiguration {
    /// Nil: the owner's colour (a button configuration's style colour).
    public var backgroundColor: UIColor?
    public var cornerRadius: CGFloat = 0 {
        didSet { cornerRadiusSet = true }
    }
    /// Whether code set `cornerRadius`: a button configuration's `.dynamic` corner style then
    /// starts from it rather than from the button size's radius.
    package private(set) var cornerRadiusSet = false
    /// Nil: the owner's foreground colour, as UIKit's tint-coloured stroke.
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    /// Accepted; the stroke is drawn inside the background's edge.
    public var strokeOutset: CGFloat = 0
    public var image: UIImage?
    public var imageContentMode: UIView.ContentMode = .scaleToFill
    /// Accepted, not drawn.
    public var customView: UIView?
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero

    public init() {}

    /// No colour, no corners, no stroke.
    public static func clear() -> UIBackgroundConfiguration {
        var background = UIBackgroundConfiguration()
        background.backgroundColor = .clear
        return background
    }

    /// A list's backgrounds, in the colours of its appearance.
    public static func listPlainCell() -> UIBackgroundConfiguration { filled(.systemBackground) }
    public static func listGroupedCell() -> UIBackgroundConfiguration {
        filled(.secondarySystemGroupedBackground)
    }
    public static func listSidebarCell() -> UIBackgroundConfiguration { clear() }
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { filled(.systemBackground) }
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { clear() }
    public static func listSidebarHeader() -> UIBackgroundConfiguration { clear() }
    public static func listAccompaniedSidebarCell() -> UIBackgroundConfiguration { clear() }

    private static func filled(_ color: UIColor) -> UIBackgroundConfiguration {
        var background = UIBackgroundConfiguration()
        background.backgroundColor = color
        return background
    }

    /// The configuration for a state: unchanged (framegen draws no selected tint of its own).
    public func updated(for state: UIConfigurationState) -> UIBackgroundConfiguration { self }

    /// Shows the configuration on `view`: its colour, image, corners and stroke (the owner's
    /// tint where the stroke has no colour), inside `backgroundInsets`.
    func applyLook(to view: UIImageView, in bounds: CGRect, tint: UIColor) {
        view.backgroundColor = backgroundColor
        view.image = image
        view.contentMode = imageContentMode
        view.layer.cornerRadius = cornerRadius
        view.layer.borderWidth = strokeWidth
        view.layer.borderColor = (strokeColor ?? tint).cgColor
        view.clipsToBounds = image != nil
        let insets = backgroundInsets
        view.frame = CGRect(
            x: bounds.minX + insets.leading, y: bounds.minY + insets.top,
            width: Swift.max(0, bounds.width - insets.leading - insets.trailing),
            height: Swift.max(0, bounds.height - insets.top - insets.bottom))
    }
}
