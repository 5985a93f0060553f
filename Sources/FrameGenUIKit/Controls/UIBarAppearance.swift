import Foundation

/// The background and shadow of a navigation bar, tab bar or toolbar (iOS 13). A bar draws the
/// appearance that applies where it is: its background colour over the effect's stand-in (see
/// `UIBarAppearance.effectFill`), and a hairline of `shadowColor` along its edge. Copied when a bar
/// is given one, as UIKit copies it.
open class UIBarAppearance: NSObject {
    public let idiom: UIUserInterfaceIdiom
    /// Kept: framegen blurs nothing; a bar draws `effectFill` for any effect.
    open var backgroundEffect: UIBlurEffect?
    open var backgroundColor: UIColor?
    open var backgroundImage: UIImage?
    open var backgroundImageContentMode: UIView.ContentMode = .scaleToFill
    open var shadowColor: UIColor?
    open var shadowImage: UIImage?

    /// Configured with the default background, as UIKit's.
    public init(idiom: UIUserInterfaceIdiom) {
        self.idiom = idiom
        super.init()
        configureWithDefaultBackground()
    }

    public convenience override init() { self.init(idiom: .phone) }

    /// The background and shadow of `barAppearance`, and, when it is of this class, the rest.
    public required init(barAppearance: UIBarAppearance) {
        idiom = barAppearance.idiom
        backgroundEffect = barAppearance.backgroundEffect
        backgroundColor = barAppearance.backgroundColor
        backgroundImage = barAppearance.backgroundImage
        backgroundImageContentMode = barAppearance.backgroundImageContentMode
        shadowColor = barAppearance.shadowColor
        shadowImage = barAppearance.shadowImage
        super.init()
    }

    open func copy() -> Self { Self(barAppearance: self) }

    /// The system material with the standard hairline: what an iOS 15 bar shows over
    /// scrolled content.
    open func configureWithDefaultBackground() {
        backgroundEffect = UIBlurEffect(style: .systemChromeMaterial)
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = UIBarAppearance.hairline
        shadowImage = nil
    }

    open func configureWithOpaqueBackground() {
        backgroundEffect = nil
        backgroundColor = .systemBackground
        backgroundImage = nil
        shadowColor = UIBarAppearance.hairline
        shadowImage = nil
    }

    open func configureWithTransparentBackground() {
        backgroundEffect = nil
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = nil
        shadowImage = nil
    }

    /// UIKit's shadow colour for the default and opaque backgrounds.
    static var hairline: UIColor { UIColor(white: 0, alpha: 0.3) }

    /// What framegen draws for a blur effect, which it cannot draw: the material's tint over
    /// white (light) or black (dark) content, an approximation of iOS's chrome material at rest
    /// (framegen's choice: 97 % white at 0.94 opacity in the light appearance, 11 % at 0.94 in
    /// the dark).
    static var effectFill: UIColor {
        UIColor { traits in
            traits.userInterfaceStyle == .dark
                ? UIColor(white: 0.11, alpha: 0.94) : UIColor(white: 0.97, alpha: 0.94)
        }
    }

    /// The colour the bar's background shows: the background colour where there is one (the
    /// effect's stand-in is not drawn under it), else the effect's stand-in.
    var fill: UIColor? {
        guard let backgroundColor else { return backgroundEffect == nil ? nil : UIBarAppearance.effectFill }
        return backgroundColor
    }
}

/// The look of a bar button item in each state (kept: framegen draws the bar's items with their
/// own and the bar's attributes).
open class UIBarButtonItemStateAppearance: NSObject {
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var titlePositionAdjustment: UIOffset = .zero
    open var backgroundImage: UIImage?
    open var backgroundImagePositionAdjustment: UIOffset = .zero
}

open class UIBarButtonItemAppearance: NSObject {
    open var normal = UIBarButtonItemStateAppearance()
    open var highlighted = UIBarButtonItemStateAppearance()
    open var disabled = UIBarButtonItemStateAppearance()
    open var focused = UIBarButtonItemStateAppearance()
    private let style: UIBarButtonItem.Style

    public init(style: UIBarButtonItem.Style) {
        self.style = style
        super.init()
    }

    public convenience override init() { self.init(style: .plain) }

    open func configureWithDefault(for style: UIBarButtonItem.Style) {
        (normal, highlighted, disabled, focused) = (.init(), .init(), .init(), .init())
    }
}

open class UINavigationBarAppearance: UIBarAppearance {
    /// Its font and foreground colour are drawn over the defaults (17-point semibold, label).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Its font and foreground colour are drawn over the defaults (34-point bold, label).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var titlePositionAdjustment: UIOffset = .zero
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)
    open var backButtonAppearance = UIBarButtonItemAppearance(style: .plain)
    open private(set) var backIndicatorImage: UIImage?
    open private(set) var backIndicatorTransitionMaskImage: UIImage?

    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        guard let other = barAppearance as? UINavigationBarAppearance else { return }
        titleTextAttributes = other.titleTextAttributes
        largeTitleTextAttributes = other.largeTitleTextAttributes
        titlePositionAdjustment = other.titlePositionAdjustment
        buttonAppearance = other.buttonAppearance
        doneButtonAppearance = other.doneButtonAppearance
        backButtonAppearance = other.backButtonAppearance
        backIndicatorImage = other.backIndicatorImage
        backIndicatorTransitionMaskImage = other.backIndicatorTransitionMaskImage
    }

    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }

    open func setBackIndicatorImage(
        _ backIndicatorImage: UIImage?, transitionMaskImage backIndicatorTransitionMaskImage: UIImage?
    ) {
        self.backIndicatorImage = backIndicatorImage
        self.backIndicatorTransitionMaskImage = backIndicatorTransitionMaskImage
    }
}

open class UIToolbarAppearance: UIBarAppearance {
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)

    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        guard let other = barAppearance as? UIToolbarAppearance else { return }
        buttonAppearance = other.buttonAppearance
        doneButtonAppearance = other.doneButtonAppearance
    }

    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }
}

/// The look of a tab bar item in one state: `iconColor` and the title's foreground colour are
/// drawn, the badge's background colour too.
open class UITabBarItemStateAppearance: NSObject {
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var titlePositionAdjustment: UIOffset = .zero
    open var iconColor: UIColor?
    open var badgePositionAdjustment: UIOffset = .zero
    open var badgeBackgroundColor: UIColor?
    open var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var badgeTitlePositionAdjustment: UIOffset = .zero
}

open class UITabBarItemAppearance: NSObject {
    public enum Style: Int, Sendable {
        case stacked = 0
        case inline = 1
        case compactInline = 2
    }

    open var normal = UITabBarItemStateAppearance()
    open var selected = UITabBarItemStateAppearance()
    open var disabled = UITabBarItemStateAppearance()
    open var focused = UITabBarItemStateAppearance()

    public init(style: UITabBarItemAppearance.Style) { super.init() }

    public convenience override init() { self.init(style: .stacked) }

    open func configureWithDefault(for style: UITabBarItemAppearance.Style) {
        (normal, selected, disabled, focused) = (.init(), .init(), .init(), .init())
    }
}

open class UITabBarAppearance: UIBarAppearance {
    /// The phone's portrait layout, which framegen draws.
    open var stackedLayoutAppearance = UITabBarItemAppearance(style: .stacked)
    open var inlineLayoutAppearance = UITabBarItemAppearance(style: .inline)
    open var compactInlineLayoutAppearance = UITabBarItemAppearance(style: .compactInline)
    open var selectionIndicatorTintColor: UIColor?
    open var selectionIndicatorImage: UIImage?
    open var stackedItemPositioning: UITabBar.ItemPositioning = .automatic
    open var stackedItemWidth: CGFloat = 0
    open var stackedItemSpacing: CGFloat = 0

    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        guard let other = barAppearance as? UITabBarAppearance else { return }
        stackedLayoutAppearance = other.stackedLayoutAppearance
        inlineLayoutAppearance = other.inlineLayoutAppearance
        compactInlineLayoutAppearance = other.compactInlineLayoutAppearance
        selectionIndicatorTintColor = other.selectionIndicatorTintColor
        selectionIndicatorImage = other.selectionIndicatorImage
        stackedItemPositioning = other.stackedItemPositioning
        stackedItemWidth = other.stackedItemWidth
        stackedItemSpacing = other.stackedItemSpacing
    }

    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }
}
