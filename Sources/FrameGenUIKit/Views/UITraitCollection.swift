import Foundation

import struct FrameGenLayout.ScreenAppearance

/// The traits a view is drawn with. framegen draws one screen (`UIScreen.main`, the scene's
/// canvas), left to right, with a phone's size classes: compact width and regular height in
/// portrait, compact both in landscape (as an iPhone that is not a Max or Plus), in the
/// appearance and text size the screen has (a scene's `canvas.appearance` and
/// `canvas.contentSizeCategory`: light and large unless it says), at the base level, normal
/// contrast and regular legibility weight. Layouts read `displayScale` to round to whole pixels.
///
/// A collection made with one of UIKit's initialisers (`UITraitCollection()`,
/// `init(horizontalSizeClass:)`, `init(traitsFrom:)`) leaves the traits it does not name
/// unspecified (a scale of 0), as on iOS, so that combining collections keeps the named ones;
/// snapshot tests and the device presets are made of such collections. Two collections are
/// equal when every trait is, as on iOS.
public final class UITraitCollection: NSObject, @unchecked Sendable {
    public let displayScale: CGFloat
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let forceTouchCapability: UIForceTouchCapability
    public let userInterfaceLevel: UIUserInterfaceLevel
    public let accessibilityContrast: UIAccessibilityContrast
    public let legibilityWeight: UILegibilityWeight

    /// Every trait, for the initialisers and `init(traitsFrom:)`.
    private struct Values: Equatable {
        var displayScale: CGFloat = 0
        var horizontal: UIUserInterfaceSizeClass = .unspecified
        var vertical: UIUserInterfaceSizeClass = .unspecified
        var idiom: UIUserInterfaceIdiom = .unspecified
        var style: UIUserInterfaceStyle = .unspecified
        var direction: UITraitEnvironmentLayoutDirection = .unspecified
        var contentSize: UIContentSizeCategory = .unspecified
        var forceTouch: UIForceTouchCapability = .unknown
        var level: UIUserInterfaceLevel = .unspecified
        var contrast: UIAccessibilityContrast = .unspecified
        var legibility: UILegibilityWeight = .unspecified
    }

    private var values: Values {
        Values(
            displayScale: displayScale, horizontal: horizontalSizeClass, vertical: verticalSizeClass,
            idiom: userInterfaceIdiom, style: userInterfaceStyle, direction: layoutDirection,
            contentSize: preferredContentSizeCategory, forceTouch: forceTouchCapability,
            level: userInterfaceLevel, contrast: accessibilityContrast, legibility: legibilityWeight)
    }

    private init(_ v: Values) {
        displayScale = v.displayScale
        horizontalSizeClass = v.horizontal
        verticalSizeClass = v.vertical
        userInterfaceIdiom = v.idiom
        userInterfaceStyle = v.style
        layoutDirection = v.direction
        preferredContentSizeCategory = v.contentSize
        forceTouchCapability = v.forceTouch
        userInterfaceLevel = v.level
        accessibilityContrast = v.contrast
        legibilityWeight = v.legibility
        super.init()
    }

    private convenience init(_ change: (inout Values) -> Void) {
        var v = Values()
        change(&v)
        self.init(v)
    }

    /// The traits of a view `size` points large on `screen` (the root of its tree's size).
    package convenience init(screen: UIScreen, size: CGSize) {
        self.init(
            Values(
                displayScale: screen.scale, horizontal: .compact,
                vertical: size.width > size.height ? .compact : .regular, idiom: .phone,
                style: screen.userInterfaceStyle, direction: .leftToRight,
                contentSize: screen.preferredContentSizeCategory, forceTouch: .unavailable, level: .base,
                contrast: .normal, legibility: .regular))
    }

    /// Every trait unspecified.
    public override convenience init() { self.init(Values()) }
    public convenience init(displayScale scale: CGFloat) { self.init { $0.displayScale = scale } }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init { $0.horizontal = horizontalSizeClass }
    }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init { $0.vertical = verticalSizeClass }
    }
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) {
        self.init { $0.idiom = userInterfaceIdiom }
    }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init { $0.style = userInterfaceStyle }
    }
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.init { $0.direction = layoutDirection }
    }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init { $0.contentSize = preferredContentSizeCategory }
    }
    public convenience init(forceTouchCapability: UIForceTouchCapability) {
        self.init { $0.forceTouch = forceTouchCapability }
    }
    public convenience init(userInterfaceLevel: UIUserInterfaceLevel) {
        self.init { $0.level = userInterfaceLevel }
    }
    public convenience init(accessibilityContrast: UIAccessibilityContrast) {
        self.init { $0.contrast = accessibilityContrast }
    }
    public convenience init(legibilityWeight: UILegibilityWeight) {
        self.init { $0.legibility = legibilityWeight }
    }

    /// Each trait from the last collection that specifies it, as UIKit combines them.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        func last<T: Equatable>(_ value: (UITraitCollection) -> T, unspecified: T) -> T {
            collections.last { value($0) != unspecified }.map(value) ?? unspecified
        }
        self.init(
            Values(
                displayScale: last(\.displayScale, unspecified: 0),
                horizontal: last(\.horizontalSizeClass, unspecified: .unspecified),
                vertical: last(\.verticalSizeClass, unspecified: .unspecified),
                idiom: last(\.userInterfaceIdiom, unspecified: .unspecified),
                style: last(\.userInterfaceStyle, unspecified: .unspecified),
                direction: last(\.layoutDirection, unspecified: .unspecified),
                contentSize: last(\.preferredContentSizeCategory, unspecified: .unspecified),
                forceTouch: last(\.forceTouchCapability, unspecified: .unknown),
                level: last(\.userInterfaceLevel, unspecified: .unspecified),
                contrast: last(\.accessibilityContrast, unspecified: .unspecified),
                legibility: last(\.legibilityWeight, unspecified: .unspecified)))
    }

    /// This collection with `style` (framegen's shortcut for what iOS 17's
    /// `modifyingTraits` does to one trait).
    package func with(style: UIUserInterfaceStyle) -> UITraitCollection {
        guard style != .unspecified, style != userInterfaceStyle else { return self }
        var v = values
        v.style = style
        return UITraitCollection(v)
    }

    /// Whether every trait `trait` specifies has the same value here, as UIKit answers.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let t = trait?.values else { return true }
        let v = values
        func same<T: Equatable>(_ k: KeyPath<Values, T>, _ unspecified: T) -> Bool {
            t[keyPath: k] == unspecified || t[keyPath: k] == v[keyPath: k]
        }
        return same(\.displayScale, 0) && same(\.horizontal, .unspecified) && same(\.vertical, .unspecified)
            && same(\.idiom, .unspecified) && same(\.style, .unspecified) && same(\.direction, .unspecified)
            && same(\.contentSize, .unspecified) && same(\.forceTouch, .unknown)
            && same(\.level, .unspecified) && same(\.contrast, .unspecified)
            && same(\.legibility, .unspecified)
    }

    /// How many traits the collection specifies: the more, the better a match it is for a
    /// collection that contains them (`UIImageAsset` picks by it).
    package var specifiedTraitCount: Int {
        let v = values
        let u = Values()
        let differs: [Bool] = [
            v.displayScale != u.displayScale, v.horizontal != u.horizontal, v.vertical != u.vertical,
            v.idiom != u.idiom, v.style != u.style, v.direction != u.direction,
            v.contentSize != u.contentSize,
            v.forceTouch != u.forceTouch, v.level != u.level, v.contrast != u.contrast,
            v.legibility != u.legibility,
        ]
        return differs.filter { $0 }.count
    }

    /// Whether a dynamic colour may resolve otherwise under `traitCollection`: true when the
    /// appearance, the level or the contrast differ, or when there is no collection, as Apple
    /// documents (framegen has one display gamut, sRGB).
    public func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        guard let other = traitCollection else { return true }
        return userInterfaceStyle != other.userInterfaceStyle
            || userInterfaceLevel != other.userInterfaceLevel
            || accessibilityContrast != other.accessibilityContrast
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return other === self || other.values == values
    }

    public override var hash: Int {
        var h = Hasher()
        h.combine(displayScale)
        h.combine(userInterfaceStyle)
        h.combine(horizontalSizeClass)
        h.combine(verticalSizeClass)
        h.combine(preferredContentSizeCategory)
        return h.finalize()
    }

    /// The traits UIKit resolves dynamic colours with when nothing passes any: set by UIKit
    /// around `layoutSubviews()`, `draw(_:)` and `traitCollectionDidChange(_:)` to the view's
    /// traits (iOS 13 on), and by `performAsCurrent(_:)`; settable, per thread. Where nothing
    /// set it, the traits of the screen framegen draws for (`UIScreen.main`), so that a dark
    /// scene's colours resolve dark in a data source's code as well.
    public static var current: UITraitCollection {
        get { CurrentTraits.value ?? UIScreen.main.traitCollection }
        set { CurrentTraits.value = newValue }
    }

    /// Runs `actions` with `UITraitCollection.current` set to this collection, then restores it.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows { try asCurrent(actions) }

    /// `performAsCurrent(_:)` with a result, for framegen's own calls.
    package func asCurrent<R>(_ body: () throws -> R) rethrows -> R {
        let saved = CurrentTraits.value
        CurrentTraits.value = self
        defer { CurrentTraits.value = saved }
        return try body()
    }
}

/// `UITraitCollection.current`'s storage: one per thread, as UIKit keeps it, because framegen
/// draws frames on several threads at once and each draws its own views.
private enum CurrentTraits {
    static let key = "FrameGenUIKit.UITraitCollection.current"

    static var value: UITraitCollection? {
        get { Thread.current.threadDictionary[key] as? UITraitCollection }
        set { Thread.current.threadDictionary[key] = newValue }
    }
}

/// The text size a user chose (Dynamic Type): a scene chooses the category its screen reports
/// (`canvas.contentSizeCategory`), and the text styles' sizes follow it (UIFontMetrics.swift). Ordered as
/// UIKit orders them, smallest first (`unspecified` before every other: framegen's choice).
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
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
    public static let accessibilityExtraLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Posted when the user changes the text size; framegen's screen never changes it.
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")

    /// Smallest first, the order of UIKit's comparison.
    package static let ordered: [UIContentSizeCategory] = [
        .unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge,
        .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// The five accessibility sizes (the larger text of Accessibility settings).
    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("UICTContentSizeCategoryAccessibility") }

    public static func < (a: UIContentSizeCategory, b: UIContentSizeCategory) -> Bool {
        (ordered.firstIndex(of: a) ?? 0) < (ordered.firstIndex(of: b) ?? 0)
    }
}

/// The level of a view's content: an elevated one (a sheet, a popover) takes the lighter dark
/// backgrounds. framegen's screen is at the base level.
public enum UIUserInterfaceLevel: Int, Sendable {
    case unspecified = -1
    case base = 0
    case elevated = 1
}

/// Increase Contrast: framegen's screen has normal contrast; the system colours have their
/// normal-contrast values at either.
public enum UIAccessibilityContrast: Int, Sendable {
    case unspecified = -1
    case normal = 0
    case high = 1
}

/// Bold Text: framegen's screen is regular.
public enum UILegibilityWeight: Int, Sendable {
    case unspecified = -1
    case regular = 0
    case bold = 1
}

extension UIContentSizeCategory {
    /// The category a scene names (`canvas.contentSizeCategory`).
    package init(_ category: ScreenAppearance.ContentSizeCategory) {
        let index = ScreenAppearance.ContentSizeCategory.allCases.firstIndex(of: category)!
        self = UIContentSizeCategory.ordered[index + 1]
    }
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

extension UIApplication {
    /// The text size of the screen framegen draws for (a scene's `canvas.contentSizeCategory`).
    public var preferredContentSizeCategory: UIContentSizeCategory {
        UIScreen.main.preferredContentSizeCategory
    }
}
