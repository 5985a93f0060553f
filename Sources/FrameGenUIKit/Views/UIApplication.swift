import Foundation

/// The app object, for what layouts ask of it. framegen runs no app (no windows, events or
/// state changes), so `shared` answers as an app in the foreground laid out left to right, the
/// direction framegen lays everything out in (docs/uikit.md, "What is there"). Its answers
/// never change, so one object is shared by every thread.
open class UIApplication: UIResponder, @unchecked Sendable {
    public static let shared = UIApplication()

    /// Always `.leftToRight`: framegen has no right-to-left locale to take it from.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    open var applicationState: State { .active }

    open var isIdleTimerDisabled: Bool { false }

    /// UIApplication.State.
    public enum State: Int, Sendable {
        case active
        case inactive
        case background
    }

    package override init() { super.init() }
}

/// UISemanticContentAttribute: how a view's content flips in a right-to-left layout.
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified
    case playback
    case spatial
    case forceLeftToRight
    case forceRightToLeft
}

extension UIView {
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute)
        -> UIUserInterfaceLayoutDirection
    {
        attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
    }
}
