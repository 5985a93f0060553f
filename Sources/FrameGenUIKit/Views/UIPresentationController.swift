import Foundation

/// UIKit's presentation styles (raw values as UIKit's).
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2
}

public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0
    case flipHorizontal = 1
    case crossDissolve = 2
    case partialCurl = 3
}

/// What presents a controller (docs/uikit.md "Controls": a presentation is recorded, not
/// drawn): its settings are kept for the app's code.
open class UIPresentationController: NSObject {
    public private(set) weak var presentedViewController: UIViewController?
    public private(set) weak var presentingViewController: UIViewController?
    open weak var delegate: AnyObject?

    public init(
        presentedViewController: UIViewController, presenting presentingViewController: UIViewController?
    ) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController
        super.init()
    }

    open var presentedView: UIView? { presentedViewController?.view }
    open var containerView: UIView? { nil }
}

/// A sheet's settings (iOS 15): its detents and look, kept.
open class UISheetPresentationController: UIPresentationController {
    /// A height a sheet rests at.
    public final class Detent: NSObject, @unchecked Sendable {
        public struct Identifier: RawRepresentable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }
            public static let medium = Identifier("com.apple.UIKit.medium")
            public static let large = Identifier("com.apple.UIKit.large")
        }

        public let identifier: Identifier
        /// The height for a custom detent, given the largest one's.
        let resolver: ((CGFloat) -> CGFloat?)?

        init(identifier: Identifier, resolver: ((CGFloat) -> CGFloat?)?) {
            self.identifier = identifier
            self.resolver = resolver
            super.init()
        }

        public static func medium() -> Detent { Detent(identifier: .medium, resolver: { $0 / 2 }) }
        public static func large() -> Detent { Detent(identifier: .large, resolver: { $0 }) }
    }

    open var detents: [Detent] = [.large()]
    open var selectedDetentIdentifier: Detent.Identifier?
    open var largestUndimmedDetentIdentifier: Detent.Identifier?
    open var prefersGrabberVisible = false
    open var preferredCornerRadius: CGFloat?
    open var prefersScrollingExpandsWhenScrolledToEdge = true
    open var prefersEdgeAttachedInCompactHeight = false
    open var widthFollowsPreferredContentSizeWhenEdgeAttached = false
    open var sourceView: UIView?

    /// Changes made inside it, at once: nothing animates a sheet here.
    open func animateChanges(_ changes: () -> Void) { changes() }
}

/// A popover's settings, kept (a phone shows a popover as a sheet).
open class UIPopoverPresentationController: UIPresentationController {
    open var sourceView: UIView?
    open var sourceRect = CGRect.zero
    open var barButtonItem: UIBarButtonItem?
    open var permittedArrowDirections = UIPopoverArrowDirection.any
    open var backgroundColor: UIColor?
    open var passthroughViews: [UIView]?
}

public struct UIPopoverArrowDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any = UIPopoverArrowDirection([.up, .down, .left, .right])
    public static let unknown = UIPopoverArrowDirection([])
}
