import Foundation

/// A swipe action of a table row or list cell (iOS 11), with its look and handler: a scene's
/// drag over a list cell shows it, and a full swipe performs the first (docs/uikit.md
/// "Lists", SwipeActions.swift).
open class UIContextualAction: NSObject {
    public enum Style: Int, Sendable {
        case normal
        case destructive
    }

    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    public let style: Style
    public let handler: Handler
    open var title: String?
    /// `.systemGray` for a normal action and `.systemRed` for a destructive one, as on iOS.
    open var backgroundColor: UIColor!
    open var image: UIImage?

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
        super.init()
    }
}

/// The swipe actions of one side of a row or list cell.
open class UISwipeActionsConfiguration: NSObject {
    public let actions: [UIContextualAction]
    open var performsFirstActionWithFullSwipe = true

    public init(actions: [UIContextualAction]) {
        self.actions = actions
        super.init()
    }
}
