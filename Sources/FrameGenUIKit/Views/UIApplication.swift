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

    /// The app's delegate, weak as UIKit keeps it (`unowned(unsafe)` there): nil until a program
    /// or a test sets it, since framegen launches no app.
    open var delegate: (any UIApplicationDelegate)? {
        get { delegateLock.withLock { delegateBox.value } }
        set { delegateLock.withLock { delegateBox.value = newValue } }
    }
    private struct DelegateBox { weak var value: (any UIApplicationDelegate)? }
    private let delegateLock = NSLock()
    private var delegateBox = DelegateBox()

    /// The scenes connected now: none, as framegen connects none.
    open var connectedScenes: Set<UIScene> { [] }

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
