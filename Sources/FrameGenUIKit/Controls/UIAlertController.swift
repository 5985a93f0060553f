import Foundation

/// An action of an alert: a title, a style and a handler. framegen taps no alert buttons, so
/// a handler never runs here; the alert keeps its actions in order.
open class UIAlertAction: NSObject {
    /// The raw values are UIKit's.
    public enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }

    public let title: String?
    public let style: Style
    open var isEnabled = true
    package let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}

/// An alert or action sheet, recorded rather than drawn: `present(_:animated:completion:)`
/// makes it the presenting controller's `presentedViewController` and calls the completion,
/// and its title, message, style and actions are there to read; no pixels of it are drawn.
open class UIAlertController: UIViewController {
    /// The raw values are UIKit's.
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    open var message: String?
    public let preferredStyle: Style
    open private(set) var actions: [UIAlertAction] = []
    /// One of `actions`, or nil: UIKit ignores an action the alert does not have.
    open var preferredAction: UIAlertAction? {
        get { storedPreferredAction }
        set {
            storedPreferredAction = newValue.flatMap { action in
                actions.contains { $0 === action } ? action : nil
            }
        }
    }

    private var storedPreferredAction: UIAlertAction?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    public required init?(coder: NSCoder) { return nil }

    /// In the order added; a second cancel action is refused, as UIKit refuses it (UIKit
    /// throws; framegen ignores it, so that a render does not stop).
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) { return }
        actions.append(action)
    }
}
