import Foundation

/// The traits a view is drawn with. framegen draws one screen (`UIScreen.main`, the scene's
/// canvas) in light mode, left to right, with a phone's size classes: compact width and regular
/// height in portrait, compact both in landscape (as an iPhone that is not a Max or Plus).
/// Layouts read `displayScale` to round to whole pixels.
///
/// A collection made with one of UIKit's initialisers (`UITraitCollection()`,
/// `init(horizontalSizeClass:)`, `init(traitsFrom:)`) leaves the traits it does not name
/// unspecified (a scale of 0), as on iOS, so that combining collections keeps the named ones;
/// snapshot tests and the device presets are made of such collections.
public final class UITraitCollection: NSObject, @unchecked Sendable {
    public let displayScale: CGFloat
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let forceTouchCapability: UIForceTouchCapability

    private init(
        displayScale: CGFloat = 0, horizontal: UIUserInterfaceSizeClass = .unspecified,
        vertical: UIUserInterfaceSizeClass = .unspecified, idiom: UIUserInterfaceIdiom = .unspecified,
        style: UIUserInterfaceStyle = .unspecified,
        direction: UITraitEnvironmentLayoutDirection = .unspecified,
        contentSize: UIContentSizeCategory = .unspecified, forceTouch: UIForceTouchCapability = .unknown
    ) {
        self.displayScale = displayScale
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        userInterfaceIdiom = idiom
        userInterfaceStyle = style
        layoutDirection = direction
        preferredContentSizeCategory = contentSize
        forceTouchCapability = forceTouch
        super.init()
    }

    /// The traits of a view `size` points large on `screen`.
    package convenience init(screen: UIScreen, size: CGSize) {
        self.init(
            displayScale: screen.scale, horizontal: .compact,
            vertical: size.width > size.height ? .compact : .regular, idiom: .phone, style: .light,
            direction: .leftToRight, contentSize: .large, forceTouch: .unavailable)
    }

    /// Every trait unspecified.
    public override convenience init() { self.init(displayScale: 0) }
    public convenience init(displayScale scale: CGFloat) {
        self.init(displayScale: scale, horizontal: .unspecified)
    }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(horizontal: horizontalSizeClass)
    }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(vertical: verticalSizeClass)
    }
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) { self.init(idiom: userInterfaceIdiom) }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(style: userInterfaceStyle) }
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.init(direction: layoutDirection)
    }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(contentSize: preferredContentSizeCategory)
    }
    public convenience init(forceTouchCapability: UIForceTouchCapability) {
        self.init(forceTouch: forceTouchCapability)
    }

    /// Each trait from the last collection that specifies it, as UIKit combines them.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        func last<T: Equatable>(_ value: (UITraitCollection) -> T, unspecified: T) -> T {
            collections.last { value($0) != unspecified }.map(value) ?? unspecified
        }
        self.init(
            displayScale: last(\.displayScale, unspecified: 0),
            horizontal: last(\.horizontalSizeClass, unspecified: .unspecified),
            vertical: last(\.verticalSizeClass, unspecified: .unspecified),
            idiom: last(\.userInterfaceIdiom, unspecified: .unspecified),
            style: last(\.userInterfaceStyle, unspecified: .unspecified),
            direction: last(\.layoutDirection, unspecified: .unspecified),
            contentSize: last(\.preferredContentSizeCategory, unspecified: .unspecified),
            forceTouch: last(\.forceTouchCapability, unspecified: .unknown))
    }

    /// The traits of the screen framegen draws for, as a view on it has them.
    public static var current: UITraitCollection {
        UITraitCollection(screen: .main, size: UIScreen.main.bounds.size)
    }
}

/// The text size a user chose (Dynamic Type). framegen draws text at the size a font is given.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityL")
}

public enum UIForceTouchCapability: Int, Sendable {
    case unknown, unavailable, available
}

public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified
    case compact
    case regular
}

public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone
    case pad
    case tv
    case carPlay
    case mac = 5
    case vision = 6
}

public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified
    case light
    case dark
}

public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1
    case leftToRight
    case rightToLeft
}

extension UIView {
    /// The view's traits: the screen's scale, and size classes from the view's own shape, with
    /// the traits of the window hosting it for a device (`hostedTraits`) over them.
    public var traitCollection: UITraitCollection {
        var view: UIView? = self
        while let v = view {
            if let hosted = v.hostedTraits {
                return UITraitCollection(traitsFrom: [
                    UITraitCollection(screen: .main, size: bounds.size), hosted,
                ])
            }
            view = v.superview
        }
        return UITraitCollection(screen: .main, size: bounds.size)
    }

    /// framegen draws no status bar, home indicator or notch: a view has a safe area only inside
    /// a window hosting a controller for a device (a snapshot test's `ViewImageConfig`), where
    /// it is the part of the window's insets the view overlaps, as on iOS.
    public var safeAreaInsets: UIEdgeInsets {
        if let own = hostedSafeArea { return own }
        guard let parent = superview else { return .zero }
        let p = parent.safeAreaInsets
        guard p != .zero else { return .zero }
        let f = frame.offsetBy(dx: -parent.bounds.minX, dy: -parent.bounds.minY)
        return UIEdgeInsets(
            top: max(0, p.top - f.minY), left: max(0, p.left - f.minX),
            bottom: max(0, f.maxY - (parent.bounds.height - p.bottom)),
            right: max(0, f.maxX - (parent.bounds.width - p.right)))
    }
}
