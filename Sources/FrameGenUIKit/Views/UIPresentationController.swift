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

/// What presents a controller, as UIKit declares it: the override points of a custom
/// presentation (docs/uikit.md "View controllers"). framegen presents at once and draws nothing
/// presented: `present(_:animated:completion:)` gives the controller a `containerView` (a view
/// the size of the presenter's window, kept off screen, where UIKit's is in the window) and calls
/// `presentationTransitionWillBegin()`, the animator's `animateTransition(using:)`, then
/// `presentationTransitionDidEnd(_:)` when the transition completes; dismissal likewise.
open class UIPresentationController: NSObject, UITraitEnvironment, UIContentContainer {
    /// Weak: the presented controller keeps its presentation controller (a sheet's settings are
    /// set before it is presented); `retainedPresented` holds it while it is presented, as
    /// UIKit's presentation controller does.
    private weak var presented: UIViewController?
    var retainedPresented: UIViewController?
    /// The presenter, known at presentation (a sheet's is made before, with none).
    weak var presenting: UIViewController?
    /// The container of the presentation under way or shown.
    var transitionContainer: UIView?

    /// Non-optional, as UIKit declares it.
    open var presentedViewController: UIViewController {
        guard let presented else {
            preconditionFailure("UIPresentationController's presented view controller is gone")
        }
        return presented
    }

    /// Non-optional, as UIKit declares it; UIKit's is nil (and a Swift caller crashes) when read
    /// before the presentation of a controller made with `presenting: nil`, as here.
    open var presentingViewController: UIViewController {
        guard let presenting = presenting ?? presented?.presentingViewController else {
            preconditionFailure(
                "UIPresentationController.presentingViewController read before the presentation")
        }
        return presenting
    }

    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    public init(
        presentedViewController: UIViewController, presenting presentingViewController: UIViewController?
    ) {
        self.presented = presentedViewController
        self.presenting = presentingViewController
        super.init()
    }

    /// The presented controller's style, `automatic` as a phone resolves it (a page sheet).
    open var presentationStyle: UIModalPresentationStyle {
        let style = presented?.modalPresentationStyle ?? .custom
        return style == .automatic ? .pageSheet : style
    }

    /// The delegate's answer, or `none`, as UIKit documents it.
    open var adaptivePresentationStyle: UIModalPresentationStyle {
        delegate?.adaptivePresentationStyle(for: self) ?? .none
    }

    /// The delegate's answer for `traitCollection`, or `none`, as UIKit documents it.
    open func adaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        delegate?.adaptivePresentationStyle(for: self, traitCollection: traitCollection) ?? .none
    }

    /// The view the presentation shows: the presented controller's (a subclass may wrap it).
    open var presentedView: UIView? { presented?.view }

    /// The view the presented view is put in, during and after the presentation; nil before.
    open var containerView: UIView? { transitionContainer }

    /// The whole container, UIKit's default; a custom presentation's subclass answers its own.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    open var shouldPresentInFullscreen: Bool { true }
    open var shouldRemovePresentersView: Bool { false }

    /// Called at the start of the presentation, the container made; a subclass adds its
    /// chrome (a dimming view) and animates it with the presented controller's
    /// `transitionCoordinator`.
    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// Called by the container view's layout, before and after it lays out its subviews.
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}

    /// Traits laid over the presented controller's: kept, and part of `traitCollection`
    /// (framegen does not pass them on to the presented views).
    open var overrideTraitCollection: UITraitCollection?

    /// The container's traits (else the presenter's, else the presented controller's), with
    /// `overrideTraitCollection` laid over them.
    open var traitCollection: UITraitCollection {
        let base =
            transitionContainer?.traitCollection ?? presenting?.traitCollection ?? presented?.traitCollection
            ?? UITraitCollection()
        guard let overrideTraitCollection else { return base }
        return UITraitCollection(traitsFrom: [base, overrideTraitCollection])
    }

    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: UIContentContainer

    /// The presented controller's preferred size.
    open var preferredContentSize: CGSize { presented?.preferredContentSize ?? .zero }

    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The parent's size, as UIKit's default answers.
    open func size(
        forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
    ) -> CGSize {
        parentSize
    }

    /// Passed on to the presented controller at `size(forChildContentContainer:withParentContainerSize:)`,
    /// as UIKit's default does, so an override calls `super`.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
    {
        guard let presented else { return }
        presented.viewWillTransition(
            to: self.size(forChildContentContainer: presented, withParentContainerSize: size),
            with: coordinator)
    }

    /// Passed on to the presented controller, as UIKit's default does.
    open func willTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
    ) {
        presented?.willTransition(to: newCollection, with: coordinator)
    }
}

/// The view a presentation puts the presented view in: its layout calls the presentation
/// controller's `containerViewWillLayoutSubviews()` and `containerViewDidLayoutSubviews()`, as
/// UIKit's container does.
final class PresentationContainerView: UIView {
    weak var presentationController: UIPresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
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
