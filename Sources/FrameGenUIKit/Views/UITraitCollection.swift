import Foundation

/// The traits a view is drawn with. framegen draws one screen (`UIScreen.main`, the scene's
/// canvas) in light mode, left to right, with a phone's size classes: compact width and regular
/// height in portrait, compact both in landscape (as an iPhone that is not a Max or Plus).
/// Layouts read `displayScale` to round to whole pixels.
public final class UITraitCollection: NSObject, @unchecked Sendable {
    public let displayScale: CGFloat
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let layoutDirection: UITraitEnvironmentLayoutDirection

    /// The traits of a view `size` points large on `screen`.
    package init(screen: UIScreen, size: CGSize) {
        displayScale = screen.scale
        horizontalSizeClass = .compact
        verticalSizeClass = size.width > size.height ? .compact : .regular
        userInterfaceIdiom = .phone
        userInterfaceStyle = .light
        layoutDirection = .leftToRight
        super.init()
    }

    /// The traits of the screen framegen draws for, as a view on it has them.
    public static var current: UITraitCollection {
        UITraitCollection(screen: .main, size: UIScreen.main.bounds.size)
    }
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
    /// The view's traits: the screen's scale, and size classes from the view's own shape.
    public var traitCollection: UITraitCollection {
        UITraitCollection(screen: .main, size: bounds.size)
    }

    /// framegen has no status bar, home indicator or notch: no view has a safe area to keep
    /// clear of (the same reason `adjustedContentInset` is the content inset).
    public var safeAreaInsets: UIEdgeInsets { .zero }
}
