import Foundation

/// A trait UIKit defines (iOS 17): `registerForTraitChanges` takes a list of these types,
/// `[UITraitUserInterfaceStyle.self, UITraitHorizontalSizeClass.self]`.
public protocol UITraitDefinition {
    /// A unique name, as UIKit gives each system trait.
    static var identifier: String { get }
    static var name: String { get }
}

extension UITraitDefinition {
    public static var name: String { identifier }
}

/// One of the traits `registerForTraitChanges` watches.
public typealias UITrait = any UITraitDefinition.Type

public enum UITraitUserInterfaceStyle: UITraitDefinition {
    public static let identifier = "UITraitUserInterfaceStyle"
}
public enum UITraitUserInterfaceLevel: UITraitDefinition {
    public static let identifier = "UITraitUserInterfaceLevel"
}
public enum UITraitUserInterfaceIdiom: UITraitDefinition {
    public static let identifier = "UITraitUserInterfaceIdiom"
}
public enum UITraitHorizontalSizeClass: UITraitDefinition {
    public static let identifier = "UITraitHorizontalSizeClass"
}
public enum UITraitVerticalSizeClass: UITraitDefinition {
    public static let identifier = "UITraitVerticalSizeClass"
}
public enum UITraitDisplayScale: UITraitDefinition {
    public static let identifier = "UITraitDisplayScale"
}
public enum UITraitLayoutDirection: UITraitDefinition {
    public static let identifier = "UITraitLayoutDirection"
}
public enum UITraitPreferredContentSizeCategory: UITraitDefinition {
    public static let identifier = "UITraitPreferredContentSizeCategory"
}
public enum UITraitAccessibilityContrast: UITraitDefinition {
    public static let identifier = "UITraitAccessibilityContrast"
}
public enum UITraitLegibilityWeight: UITraitDefinition {
    public static let identifier = "UITraitLegibilityWeight"
}
public enum UITraitForceTouchCapability: UITraitDefinition {
    public static let identifier = "UITraitForceTouchCapability"
}

extension UITraitCollection {
    /// The traits a dynamic colour may depend on, as UIKit lists them (no display gamut here).
    public static var systemTraitsAffectingColorAppearance: [UITrait] {
        [UITraitUserInterfaceStyle.self, UITraitUserInterfaceLevel.self, UITraitAccessibilityContrast.self]
    }
}

/// What `registerForTraitChanges` returns, to unregister with.
public protocol UITraitChangeRegistration: Sendable {}

/// framegen's registration: an identity.
final class UITraitChangeRegistrationToken: UITraitChangeRegistration {}

/// Which of a list of traits differ between two collections.
enum UITraitChanges {
    static func differ(_ traits: [UITrait], _ a: UITraitCollection, _ b: UITraitCollection) -> Bool {
        traits.contains { trait in
            switch trait.identifier {
            case UITraitUserInterfaceStyle.identifier: a.userInterfaceStyle != b.userInterfaceStyle
            case UITraitUserInterfaceLevel.identifier: a.userInterfaceLevel != b.userInterfaceLevel
            case UITraitUserInterfaceIdiom.identifier: a.userInterfaceIdiom != b.userInterfaceIdiom
            case UITraitHorizontalSizeClass.identifier: a.horizontalSizeClass != b.horizontalSizeClass
            case UITraitVerticalSizeClass.identifier: a.verticalSizeClass != b.verticalSizeClass
            case UITraitDisplayScale.identifier: a.displayScale != b.displayScale
            case UITraitLayoutDirection.identifier: a.layoutDirection != b.layoutDirection
            case UITraitPreferredContentSizeCategory.identifier:
                a.preferredContentSizeCategory != b.preferredContentSizeCategory
            case UITraitAccessibilityContrast.identifier: a.accessibilityContrast != b.accessibilityContrast
            case UITraitLegibilityWeight.identifier: a.legibilityWeight != b.legibilityWeight
            case UITraitForceTouchCapability.identifier: a.forceTouchCapability != b.forceTouchCapability
            default: false
            }
        }
    }
}
