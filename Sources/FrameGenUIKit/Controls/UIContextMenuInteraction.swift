import Foundation

/// Makes the view controller a context menu shows as its preview (nil: UIKit's preview of the
/// view itself).
public typealias UIContextMenuContentPreviewProvider = () -> UIViewController?

/// Makes a context menu's menu from the actions the system suggests (nil: no menu).
public typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?

/// What a context menu shows, as UIKit's (iOS 13): its identifier and the closures that make
/// its preview and its menu. framegen shows no context menus (docs/uikit.md "What is there"):
/// a configuration a delegate returns is kept and its closures are not run by framegen.
open class UIContextMenuConfiguration: NSObject {
    /// How a menu orders its elements (iOS 16), in UIKit's raw values.
    public enum ElementOrder: Int, Sendable {
        case automatic = 0
        case priority = 1
        case fixed = 2
    }

    /// The one given, or a new `NSUUID` where none was, as UIKit makes one.
    public let identifier: any NSCopying

    /// The other items a menu on several items acts on (iOS 16).
    open var secondaryItemIdentifiers: Set<AnyHashable> = []

    open var preferredMenuElementOrder: ElementOrder = .automatic

    package let previewProvider: UIContextMenuContentPreviewProvider?
    package let actionProvider: UIContextMenuActionProvider?

    public init(
        identifier: (any NSCopying)? = nil, previewProvider: UIContextMenuContentPreviewProvider? = nil,
        actionProvider: UIContextMenuActionProvider? = nil
    ) {
        self.identifier = identifier ?? NSUUID()
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
        super.init()
    }

    /// The menu UIKit would show: the action provider's, given the suggested actions; nil
    /// without one.
    package func menu(suggestedActions: [UIMenuElement]) -> UIMenu? {
        actionProvider?(suggestedActions)
    }

    /// The preview's controller UIKit would show: the preview provider's; nil without one.
    package func previewViewController() -> UIViewController? {
        previewProvider?()
    }
}

/// How a preview the user tapped is committed, in UIKit's raw values.
public enum UIContextMenuInteractionCommitStyle: Int, Sendable {
    case dismiss = 0
    case pop = 1
}

/// The animations running as a context menu appears or goes: code adds its own beside them.
/// UIKit makes the objects; framegen shows no menu, so it makes none.
public protocol UIContextMenuInteractionAnimating: AnyObject {
    var previewViewController: UIViewController? { get }
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping () -> Void)
}

/// The animator of a commit, given to `willPerformPreviewActionForMenuWith`.
public protocol UIContextMenuInteractionCommitAnimating: UIContextMenuInteractionAnimating {
    var preferredCommitStyle: UIContextMenuInteractionCommitStyle { get set }
}

/// What a context menu interaction asks its delegate, as UIKit's. The optional members answer
/// UIKit's defaults (no preview of the delegate's: UIKit's own). framegen shows no context
/// menus, so it asks none of these.
public protocol UIContextMenuInteractionDelegate: AnyObject {
    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
    ) -> UIContextMenuConfiguration?

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, configuration: UIContextMenuConfiguration,
        highlightPreviewForItemWithIdentifier identifier: any NSCopying
    ) -> UITargetedPreview?

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, configuration: UIContextMenuConfiguration,
        dismissalPreviewForItemWithIdentifier identifier: any NSCopying
    ) -> UITargetedPreview?

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction,
        previewForHighlightingMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview?

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction,
        previewForDismissingMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview?

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionCommitAnimating)

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?)

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?)
}

extension UIContextMenuInteractionDelegate {
    /// UIKit asks the iOS 13 member where the iOS 16 one is not implemented: so does this.
    public func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, configuration: UIContextMenuConfiguration,
        highlightPreviewForItemWithIdentifier identifier: any NSCopying
    ) -> UITargetedPreview? {
        contextMenuInteraction(interaction, previewForHighlightingMenuWithConfiguration: configuration)
    }

    public func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, configuration: UIContextMenuConfiguration,
        dismissalPreviewForItemWithIdentifier identifier: any NSCopying
    ) -> UITargetedPreview? {
        contextMenuInteraction(interaction, previewForDismissingMenuWithConfiguration: configuration)
    }

    public func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction,
        previewForHighlightingMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview? { nil }

    public func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction,
        previewForDismissingMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview? { nil }

    public func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionCommitAnimating
    ) {}

    public func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?
    ) {}

    public func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?
    ) {}
}

/// The interaction that shows a context menu for a view on a long press, as UIKit's (iOS 13):
/// added with `view.addInteraction(_:)`, it asks its delegate for a configuration when the menu
/// is to appear. framegen's timeline has no long press and shows no context menus
/// (docs/uikit.md "What is there"): the interaction is kept on its view, and no menu is ever
/// visible.
open class UIContextMenuInteraction: NSObject, UIInteraction {
    /// How a menu looks (iOS 14), in UIKit's raw values.
    public enum Appearance: Int, Sendable {
        case unknown = 0
        case rich = 1
        case compact = 2
    }

    /// Weak, as on iOS.
    public private(set) weak var delegate: UIContextMenuInteractionDelegate?

    /// The view the interaction was added to; set in `didMove(to:)`, so a subclass that
    /// overrides it calls super, as on iOS.
    open private(set) weak var view: UIView?

    public init(delegate: UIContextMenuInteractionDelegate) {
        self.delegate = delegate
        super.init()
    }

    /// `.unknown`: no menu is shown.
    open var menuAppearance: Appearance { .unknown }

    open func willMove(to view: UIView?) {}

    open func didMove(to view: UIView?) { self.view = view }

    /// Where the press that shows the menu is, in `view`'s coordinates: no press ever comes,
    /// so the origin, as before any.
    open func location(in view: UIView?) -> CGPoint { .zero }

    /// No menu is visible, so there is none to update and `block` is not run, as on iOS.
    open func updateVisibleMenu(_ block: (UIMenu) -> UIMenu) {}

    /// No menu is visible to dismiss.
    open func dismissMenu() {}
}
