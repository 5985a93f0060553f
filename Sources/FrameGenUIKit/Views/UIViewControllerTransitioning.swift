import Foundation

// UIKit's custom-transition API (UIViewControllerTransitioning.h), as UIKit declares it. The
// protocols UIKit marks `@objc` with optional members are Swift protocols here whose optional
// members have defaults in an extension. framegen runs a presentation's transition at once
// (`UIViewController.present(_:animated:completion:)`): the animator's `animateTransition(using:)`
// is called with a `PresentationTransitionContext`, and `completeTransition(_:)` ends it.

/// What a transition tells its animator, as UIKit declares it.
public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var targetTransform: CGAffineTransform { get }
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// A transition's animations, as UIKit declares it (`interruptibleAnimator(using:)`, which
/// returns UIKit's `UIViewImplicitlyAnimating`, is not declared: framegen lacks that protocol).
public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
        -> TimeInterval
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// Optional in UIKit.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// What drives a transition by hand (a pan), as UIKit declares it.
public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// Optional in UIKit, 1 when not given.
    var completionSpeed: CGFloat { get }
    /// Optional in UIKit, ease-in-ease-out when not given.
    var completionCurve: UIView.AnimationCurve { get }
    /// Optional in UIKit, true when not given.
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// Where a presented controller's transition objects come from, as UIKit declares it; every
/// member is optional in UIKit and answers nil here when the delegate does not give it.
public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (
        any UIViewControllerAnimatedTransitioning
    )?
    func interactionControllerForPresentation(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
    func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        nil
    }

    public func animationController(
        forDismissed dismissed: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        nil
    }

    public func interactionControllerForPresentation(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        nil
    }

    public func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        nil
    }

    public func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        nil
    }
}

/// A presentation controller's delegate, as UIKit declares it; every member is optional in UIKit.
/// The dismissal calls are for a dismissal the user starts (a sheet pulled down), which framegen
/// has none of; a dismissal in code calls none of them, as on iOS.
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
    func adaptivePresentationStyle(
        for controller: UIPresentationController, traitCollection: UITraitCollection
    ) -> UIModalPresentationStyle
    func presentationController(
        _ controller: UIPresentationController,
        viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle
    ) -> UIViewController?
    func presentationController(
        _ presentationController: UIPresentationController,
        willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
        transitionCoordinator: (any UIViewControllerTransitionCoordinator)?)
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    /// `none`, what UIKit's presentation controller answers for a delegate that gives no style.
    public func adaptivePresentationStyle(for controller: UIPresentationController)
        -> UIModalPresentationStyle
    {
        .none
    }

    /// `adaptivePresentationStyle(for:)`'s answer, as UIKit asks when this is not given.
    public func adaptivePresentationStyle(
        for controller: UIPresentationController, traitCollection: UITraitCollection
    ) -> UIModalPresentationStyle {
        adaptivePresentationStyle(for: controller)
    }

    public func presentationController(
        _ controller: UIPresentationController,
        viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle
    ) -> UIViewController? {
        nil
    }

    public func presentationController(
        _ presentationController: UIPresentationController,
        willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
        transitionCoordinator: (any UIViewControllerTransitionCoordinator)?
    ) {}

    /// True: UIKit lets the user dismiss unless the delegate says otherwise.
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
        -> Bool
    {
        true
    }

    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
    {}
}

/// A sheet's delegate, as UIKit declares it. UIKit calls it when the user drags the sheet to
/// another detent, which framegen has none of.
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
        _ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
        _ sheetPresentationController: UISheetPresentationController
    ) {}
}

/// The interaction controller most custom transitions use: the app's gesture reports how far the
/// transition is (`update(_:)`), then `finish()` or `cancel()`. UIKit runs the animator at once
/// and scrubs its paused animations; framegen, which shows nothing of a transition under way,
/// runs the animator's `animateTransition(using:)` at `finish()` or `cancel()`, the context
/// already finished or cancelled, so that the animator's completion reads
/// `transitionWasCancelled` as it does on iOS at the end of the animations.
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    private var transitionContext: (any UIViewControllerContextTransitioning)?

    /// The animator's duration, known once the transition starts.
    open private(set) var duration: CGFloat = 0
    open private(set) var percentComplete: CGFloat = 0
    open var completionSpeed: CGFloat = 1
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    open var timingCurve: (any UITimingCurveProvider)?
    open var wantsInteractiveStart = true

    public override init() { super.init() }

    /// Keeps the context until `finish()` or `cancel()`.
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        self.transitionContext = transitionContext
        let animator = (transitionContext as? PresentationTransitionContext)?.animator
        duration = CGFloat(animator?.transitionDuration(using: transitionContext) ?? 0)
    }

    open func pause() { transitionContext?.pauseInteractiveTransition() }

    /// The transition's progress, between 0 and 1.
    open func update(_ percentComplete: CGFloat) {
        self.percentComplete = min(1, max(0, percentComplete))
        transitionContext?.updateInteractiveTransition(self.percentComplete)
    }

    open func cancel() { end(finishing: false) }
    open func finish() { end(finishing: true) }

    private func end(finishing: Bool) {
        guard let context = transitionContext else { return }
        transitionContext = nil
        if finishing { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
        (context as? PresentationTransitionContext)?.runAnimator()
    }
}

/// The context and coordinator of a presentation's or dismissal's transition (UIKit's are two
/// objects; one serves here): the container, the two controllers, the animator given, the
/// completion. Alongside animations run as the transition starts (framegen shows no frames of
/// it), those added later at once; completions run when it completes.
final class PresentationTransitionContext: NSObject, UIViewControllerContextTransitioning,
    UIViewControllerTransitionCoordinator
{
    let presentationController: UIPresentationController
    let isPresenting: Bool
    let animator: (any UIViewControllerAnimatedTransitioning)?
    let isAnimated: Bool
    let containerView: UIView
    /// Strong until the transition completes, as UIKit keeps a transition's controllers.
    private var from: UIViewController?
    private var to: UIViewController?
    private let finished: (Bool) -> Void
    private(set) var isInteractive = false
    private(set) var initiallyInteractive = false
    private(set) var transitionWasCancelled = false
    private(set) var percentComplete: CGFloat = 0
    private var started = false
    private var completed = false
    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

    init(
        presentationController: UIPresentationController, presenting: Bool, from: UIViewController,
        to: UIViewController, animator: (any UIViewControllerAnimatedTransitioning)?, animated: Bool,
        containerView: UIView, finished: @escaping (Bool) -> Void
    ) {
        self.presentationController = presentationController
        self.isPresenting = presenting
        self.from = from
        self.to = to
        self.animator = animator
        self.isAnimated = animated
        self.containerView = containerView
        self.finished = finished
        super.init()
    }

    var presentationStyle: UIModalPresentationStyle { presentationController.presentationStyle }
    var isInterruptible: Bool { false }
    var isCancelled: Bool { transitionWasCancelled }
    var transitionDuration: TimeInterval { animator?.transitionDuration(using: self) ?? 0 }
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { .easeInOut }
    var targetTransform: CGAffineTransform { .identity }

    /// Starts the transition: the interaction controller's `startInteractiveTransition(_:)`,
    /// else the animator's `animateTransition(using:)`, else (UIKit's own animation, which
    /// framegen does not play) the presented view put in the container, or taken out, at once.
    func start(interaction: (any UIViewControllerInteractiveTransitioning)?) {
        if let interaction, animator != nil {
            isInteractive = true
            initiallyInteractive = true
            runAlongside()
            interaction.startInteractiveTransition(self)
        } else {
            runAnimator()
        }
    }

    /// The animator's `animateTransition(using:)`, or the transition done at once without one.
    func runAnimator() {
        runAlongside()
        if let animator {
            animator.animateTransition(using: self)
            return
        }
        if let view = presentationController.presentedView {
            if isPresenting {
                view.frame = presentationController.frameOfPresentedViewInContainerView
                containerView.addSubview(view)
                view.holdFrameForContainer()
            } else if view.superview === containerView {
                view.removeFromSuperview()
            }
        }
        completeTransition(true)
    }

    private func runAlongside() {
        started = true
        let run = alongside
        alongside = []
        for animation in run { animation(self) }
    }

    func updateInteractiveTransition(_ percentComplete: CGFloat) { self.percentComplete = percentComplete }

    func finishInteractiveTransition() {
        guard isInteractive else { return }
        isInteractive = false
        percentComplete = 1
        for handler in interactionHandlers { handler(self) }
    }

    func cancelInteractiveTransition() {
        guard isInteractive else { return }
        isInteractive = false
        transitionWasCancelled = true
        for handler in interactionHandlers { handler(self) }
    }

    func pauseInteractiveTransition() { isInteractive = true }

    /// Ends the transition (once): the presentation controller's `…TransitionDidEnd(_:)`, the
    /// animator's `animationEnded(_:)`, the coordinator's completions, then the presentation's
    /// own end (the presentation recorded or undone, the caller's completion).
    func completeTransition(_ didComplete: Bool) {
        guard !completed else { return }
        completed = true
        if isPresenting {
            presentationController.presentationTransitionDidEnd(didComplete)
        } else {
            presentationController.dismissalTransitionDidEnd(didComplete)
        }
        animator?.animationEnded(didComplete)
        let run = completions
        completions = []
        for completion in run { completion(self) }
        for controller in [from, to] where controller?.runningTransition === self {
            controller?.runningTransition = nil
        }
        from = nil
        to = nil
        finished(didComplete)
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: from
        case .to: to
        default: nil
        }
    }

    /// The presented view on its side (`to` presenting, `from` dismissing); the presenter's only
    /// when the presentation controller removes it (`shouldRemovePresentersView`), as UIKit
    /// answers: nil tells the animator to leave that view alone.
    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        let presentedSide: UITransitionContextViewKey = isPresenting ? .to : .from
        if key == presentedSide { return presentationController.presentedView }
        guard presentationController.shouldRemovePresentersView else { return nil }
        return viewController(forKey: key == .to ? .to : .from)?.view
    }

    /// The presented controller's: nothing as it is presented, its frame in the container as it
    /// is dismissed; the presenter's: its view's frame, where it stays.
    func initialFrame(for vc: UIViewController) -> CGRect {
        if vc === presentationController.presentedViewController {
            return isPresenting ? .zero : presentationController.frameOfPresentedViewInContainerView
        }
        return vc.viewIfLoaded?.frame ?? .zero
    }

    /// The presented controller's: its frame in the container as it is presented, nothing as it
    /// is dismissed; the presenter's: its view's frame.
    func finalFrame(for vc: UIViewController) -> CGRect {
        if vc === presentationController.presentedViewController {
            return isPresenting ? presentationController.frameOfPresentedViewInContainerView : .zero
        }
        return vc.viewIfLoaded?.frame ?? .zero
    }

    // MARK: UIViewControllerTransitionCoordinator

    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        if let completion {
            if completed { completion(self) } else { completions.append(completion) }
        }
        if let animation {
            if started { animation(self) } else { alongside.append(animation) }
        }
        return true
    }

    @discardableResult
    func animateAlongsideTransition(
        in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(
        _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void
    ) {
        interactionHandlers.append(handler)
    }
}
