import Foundation

/// What a view is given to handle a kind of input on its own (`UIContextMenuInteraction`), as
/// UIKit's (iOS 11). The view tells it when it is added and removed.
public protocol UIInteraction: AnyObject {
    var view: UIView? { get }
    func willMove(to view: UIView?)
    func didMove(to view: UIView?)
}

extension UIView {
    /// The view's interactions, in the order added. Setting the list removes those not in it and
    /// adds the new ones, telling each, as `removeInteraction(_:)` and `addInteraction(_:)` do.
    public var interactions: [UIInteraction] {
        get { storedInteractions }
        set {
            for old in storedInteractions where !newValue.contains(where: { $0 === old }) {
                removeInteraction(old)
            }
            for new in newValue where !storedInteractions.contains(where: { $0 === new }) {
                addInteraction(new)
            }
        }
    }

    /// Adds the interaction, taking it from the view it was on, and tells it (`willMove(to:)`,
    /// then `didMove(to:)`). Adding one the view has already does nothing.
    public func addInteraction(_ interaction: UIInteraction) {
        guard !storedInteractions.contains(where: { $0 === interaction }) else { return }
        if let other = interaction.view, other !== self { other.removeInteraction(interaction) }
        interaction.willMove(to: self)
        storedInteractions.append(interaction)
        interaction.didMove(to: self)
    }

    public func removeInteraction(_ interaction: UIInteraction) {
        guard let i = storedInteractions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        storedInteractions.remove(at: i)
        interaction.didMove(to: nil)
    }
}

/// What a view that shows the large content viewer gives it (UIKit declares it on `UIView`, which
/// adopts it).
public protocol UILargeContentViewerItem: NSObjectProtocol {
    var showsLargeContentViewer: Bool { get }
    var largeContentTitle: String? { get }
    var largeContentImage: UIImage? { get }
    var scalesLargeContentImage: Bool { get }
    var largeContentImageInsets: UIEdgeInsets { get }
}

extension UIView: UILargeContentViewerItem {}

/// Shows a view's large content while a finger holds it at the accessibility text sizes (iOS
/// 13). framegen holds no finger down on a view at those sizes, so it is added and kept and
/// shows nothing, as on a device at the default text size.
open class UILargeContentViewerInteraction: NSObject, UIInteraction {
    open weak var delegate: (any UILargeContentViewerInteractionDelegate)?
    public private(set) weak var view: UIView?
    /// The press that would show the viewer: a long press, never recognised here.
    public let gestureRecognizerForExclusionRelationship: UIGestureRecognizer = UILongPressGestureRecognizer()

    public init(delegate: (any UILargeContentViewerInteractionDelegate)? = nil) {
        self.delegate = delegate
        super.init()
    }

    /// Whether the viewer would show: only at the accessibility text sizes, which a view's traits
    /// say; the class answers for the default size, false, as UIKit's does there.
    public class var isEnabled: Bool { false }

    open func willMove(to view: UIView?) {}
    open func didMove(to view: UIView?) { self.view = view }

    /// Posted when `isEnabled` changes: never here.
    public static let enabledStatusDidChangeNotification = NSNotification.Name(
        "UILargeContentViewerInteractionEnabledStatusDidChangeNotification")
}

/// What the large content viewer asks of an app (all optional in UIKit: defaults below).
public protocol UILargeContentViewerInteractionDelegate: NSObjectProtocol {
    func largeContentViewerInteraction(
        _ interaction: UILargeContentViewerInteraction, itemAt point: CGPoint
    ) -> (any UILargeContentViewerItem)?
    func largeContentViewerInteraction(
        _ interaction: UILargeContentViewerInteraction, didEndOn item: (any UILargeContentViewerItem)?,
        at point: CGPoint)
    func viewController(for interaction: UILargeContentViewerInteraction) -> UIViewController
}

extension UILargeContentViewerInteractionDelegate {
    public func largeContentViewerInteraction(
        _ interaction: UILargeContentViewerInteraction, itemAt point: CGPoint
    ) -> (any UILargeContentViewerItem)? { nil }
    public func largeContentViewerInteraction(
        _ interaction: UILargeContentViewerInteraction, didEndOn item: (any UILargeContentViewerItem)?,
        at point: CGPoint
    ) {}
}
