import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import TestTiers
import Testing

/// A custom presentation as UIKit runs one (a design system's partial sheet): the presented
/// controller's transitioning delegate gives the presentation controller and the animators, and
/// UIKit calls them in a fixed order, a transition ending when its context completes.
@Suite struct PresentationTests {
    /// Where the calls are written down, in order.
    final class Log {
        var calls: [String] = []
    }

    /// A partial sheet: half the container, at the bottom.
    final class HalfSheetPresentationController: UIPresentationController {
        let log: Log
        init(presented: UIViewController, presenting: UIViewController?, log: Log) {
            self.log = log
            super.init(presentedViewController: presented, presenting: presenting)
        }

        override var frameOfPresentedViewInContainerView: CGRect {
            guard let bounds = containerView?.bounds else { return .zero }
            return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }

        override func presentationTransitionWillBegin() {
            log.calls.append("presentationTransitionWillBegin")
            // UIKit's presented controller is not optional: this compiles as on iOS.
            presentedViewController.view.layer.cornerRadius = 14
        }
        override func presentationTransitionDidEnd(_ completed: Bool) {
            log.calls.append("presentationTransitionDidEnd(\(completed))")
        }
        override func dismissalTransitionWillBegin() { log.calls.append("dismissalTransitionWillBegin") }
        override func dismissalTransitionDidEnd(_ completed: Bool) {
            log.calls.append("dismissalTransitionDidEnd(\(completed))")
        }
        override func containerViewWillLayoutSubviews() {
            log.calls.append("containerViewWillLayoutSubviews")
            presentedView?.frame = frameOfPresentedViewInContainerView
        }
    }

    /// Slides the presented view in and out with `UIView.animate`, completing the transition in
    /// the animation's completion, the usual animator; or keeps the context to complete later.
    final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let log: Log
        let completesAtOnce: Bool
        var context: (any UIViewControllerContextTransitioning)?
        init(log: Log, completesAtOnce: Bool = true) {
            self.log = log
            self.completesAtOnce = completesAtOnce
        }

        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
            -> TimeInterval
        {
            0.3
        }

        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            log.calls.append("animateTransition")
            context = transitionContext
            guard completesAtOnce else { return }
            let container = transitionContext.containerView
            if let to = transitionContext.viewController(forKey: .to),
                let view = transitionContext.view(forKey: .to)
            {
                view.frame = transitionContext.finalFrame(for: to)
                container.addSubview(view)
            }
            UIView.animate(withDuration: 0.3, animations: {}) { _ in
                if !transitionContext.transitionWasCancelled {
                    transitionContext.view(forKey: .from)?.removeFromSuperview()
                }
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        }

        func animationEnded(_ transitionCompleted: Bool) {
            log.calls.append("animationEnded(\(transitionCompleted))")
        }
    }

    final class TransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
        let log: Log
        var animator: SlideAnimator?
        var interaction: UIPercentDrivenInteractiveTransition?
        init(log: Log, animator: SlideAnimator?) {
            self.log = log
            self.animator = animator
        }

        func presentationController(
            forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
        ) -> UIPresentationController? {
            log.calls.append("presentationController(forPresented:)")
            return HalfSheetPresentationController(presented: presented, presenting: presenting, log: log)
        }

        func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            log.calls.append("animationController(forPresented:)")
            return animator
        }

        func animationController(forDismissed dismissed: UIViewController)
            -> (any UIViewControllerAnimatedTransitioning)?
        {
            log.calls.append("animationController(forDismissed:)")
            return animator
        }

        func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
            -> (any UIViewControllerInteractiveTransitioning)?
        {
            interaction
        }
    }

    /// On iOS a custom presentation asks the transitioning delegate for the presentation
    /// controller, which becomes the presented controller's `presentationController`, then calls
    /// `presentationTransitionWillBegin()`, the animator's `animateTransition(using:)`,
    /// `presentationTransitionDidEnd(true)` once the animator completes the context, and the
    /// completion last; dismissal likewise, after which nothing is presented.
    @Test func aCustomPresentationRunsInUIKitsOrder() throws {
        let log = Log()
        let delegate = TransitioningDelegate(log: log, animator: SlideAnimator(log: log))
        let presenter = UIViewController()
        let presented = UIViewController()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = delegate
        presenter.present(presented, animated: true) { log.calls.append("completion") }
        expect(
            log.calls == [
                "presentationController(forPresented:)", "animationController(forPresented:)",
                "presentationTransitionWillBegin", "animateTransition", "presentationTransitionDidEnd(true)",
                "animationEnded(true)", "containerViewWillLayoutSubviews", "completion",
            ], "UIKit's order of a custom presentation: \(log.calls)")
        let controller = try #require(presented.presentationController as? HalfSheetPresentationController)
        expect(controller.presentedViewController === presented, "the presented controller, not optional")
        expect(controller.presentingViewController === presenter, "the presenting controller, not optional")
        expect(presenter.presentedViewController === presented, "the presentation is recorded")
        expect(presented.view.layer.cornerRadius == 14, "the presentation controller styled the view")
        let container = try #require(controller.containerView)
        expect(presented.view.superview === container, "the animator put the presented view in the container")
        expect(
            presented.view.frame
                == CGRect(
                    x: 0, y: container.bounds.height / 2, width: container.bounds.width,
                    height: container.bounds.height / 2),
            "the presented view has the presentation controller's frame")
        expect(presented.transitionCoordinator == nil, "no coordinator once the transition is over")

        log.calls = []
        presented.dismiss(animated: true) { log.calls.append("completion") }
        expect(
            log.calls == [
                "animationController(forDismissed:)", "dismissalTransitionWillBegin", "animateTransition",
                "dismissalTransitionDidEnd(true)", "animationEnded(true)", "completion",
            ], "UIKit's order of a custom dismissal: \(log.calls)")
        expect(presenter.presentedViewController == nil, "nothing is presented after the dismissal")
        expect(presented.presentingViewController == nil, "the presented controller has no presenter")
        expect(presented.view.superview == nil, "the animator took the presented view out")
        expect(
            presented.presentationController !== controller, "the custom controller goes with the dismissal")
    }

    /// A presentation controller that fades a dimming view in and out alongside the
    /// transition, the usual way, through the presented controller's `transitionCoordinator`.
    final class DimmingPresentationController: UIPresentationController {
        let dimming = UIView()
        var fadedOut = false
        override func presentationTransitionWillBegin() {
            containerView?.addSubview(dimming)
            dimming.alpha = 0
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
                self.dimming.alpha = 1
            })
        }
        override func dismissalTransitionWillBegin() {
            presentedViewController.transitionCoordinator?.animate(
                alongsideTransition: { _ in self.dimming.alpha = 0 },
                completion: { context in self.fadedOut = !context.isCancelled })
        }
    }

    final class DimmingDelegate: NSObject, UIViewControllerTransitioningDelegate {
        func presentationController(
            forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
        ) -> UIPresentationController? {
            DimmingPresentationController(presentedViewController: presented, presenting: presenting)
        }
    }

    /// With no animator UIKit plays its own transition: the presented view goes in the container
    /// at `frameOfPresentedViewInContainerView` and the transition completes; animations added
    /// alongside it through the presented controller's `transitionCoordinator` (a dimming view
    /// fading in and out) run, and its completions run when it ends.
    @Test func withoutAnAnimatorTheTransitionCompletesAtOnce() throws {
        let delegate = DimmingDelegate()
        let presenter = UIViewController()
        let presented = UIViewController()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = delegate
        var completed = false
        presenter.present(presented, animated: true) { completed = true }
        let controller = try #require(presented.presentationController as? DimmingPresentationController)
        expect(completed, "the presentation completed at once")
        let container = try #require(controller.containerView)
        expect(controller.dimming.superview === container, "the dimming view is in the container")
        expect(controller.dimming.alpha == 1, "the alongside animation ran")
        expect(presented.view.superview === container, "the presented view is in the container")
        expect(presented.view.frame == container.bounds, "at the controller's frame: the whole container")

        presented.dismiss(animated: true)
        expect(controller.dimming.alpha == 0, "the dismissal's alongside animation ran")
        expect(controller.fadedOut, "the coordinator's completion ran")
        expect(presented.view.superview == nil, "the presented view leaves the container")
        expect(presenter.presentedViewController == nil, "nothing is presented")
    }

    /// Why a controller appears is known while it does, as UIKit tells it: `isBeingPresented`
    /// from `present` until the presentation completes, `isBeingDismissed` likewise for the
    /// dismissal, `isMovingToParent` from `addChild(_:)` until it has appeared, and none of them
    /// after.
    @Test func aControllerKnowsWhyItAppears() throws {
        final class Watching: UIPresentationController {
            var seen: [String] = []
            override func presentationTransitionWillBegin() {
                seen.append("presenting \(presentedViewController.isBeingPresented)")
            }
            override func dismissalTransitionWillBegin() {
                seen.append("dismissing \(presentedViewController.isBeingDismissed)")
            }
        }
        final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
            func presentationController(
                forPresented presented: UIViewController, presenting: UIViewController?,
                source: UIViewController
            ) -> UIPresentationController? {
                Watching(presentedViewController: presented, presenting: presenting)
            }
        }
        final class Child: UIViewController {
            var seen: [String] = []
            override func viewWillAppear(_ animated: Bool) { seen.append("will \(isMovingToParent)") }
            override func viewDidAppear(_ animated: Bool) { seen.append("did \(isMovingToParent)") }
        }
        let delegate = Delegate()
        let presenter = UIViewController()
        let presented = UIViewController()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = delegate
        presenter.present(presented, animated: false)
        let watching = try #require(presented.presentationController as? Watching)
        expect(!presented.isBeingPresented, "presented: no longer being presented")
        presented.dismiss(animated: false)
        expect(watching.seen == ["presenting true", "dismissing true"], "\(watching.seen)")
        expect(!presented.isBeingDismissed && !presenter.isBeingPresented)

        let child = Child()
        presenter.addChild(child)
        presenter.view.addSubview(child.view)
        child.didMove(toParent: presenter)
        expect(child.isMovingToParent, "added, not yet appeared")
        child.beginAppearanceTransition(true, animated: false)
        child.endAppearanceTransition()
        expect(child.seen == ["will true", "did true"], "\(child.seen)")
        expect(!child.isMovingToParent && !child.isMovingFromParent, "appeared")
    }

    /// UIKit ends a transition only when the animator calls `completeTransition(_:)`: until
    /// then `presentationTransitionDidEnd(_:)` and the completion wait, and the presented
    /// controller's `transitionCoordinator` is the transition's, its alongside animations run
    /// and its completions waiting.
    @Test func theTransitionEndsWhenTheContextCompletes() throws {
        let log = Log()
        let animator = SlideAnimator(log: log, completesAtOnce: false)
        let delegate = TransitioningDelegate(log: log, animator: animator)
        let presenter = UIViewController()
        let presented = UIViewController()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = delegate
        presenter.present(presented, animated: true) { log.calls.append("completion") }
        expect(log.calls.last == "animateTransition", "waiting for the animator: \(log.calls)")
        let coordinator = try #require(presented.transitionCoordinator, "the transition's coordinator")
        expect(presenter.transitionCoordinator === coordinator, "the presenter's is the same")
        var alongside = false
        var completed = false
        coordinator.animate(alongsideTransition: { _ in alongside = true }) { _ in completed = true }
        expect(alongside, "an alongside animation added during the transition runs")
        expect(!completed, "the completions wait for the transition's end")
        let context = try #require(animator.context)
        expect(context.viewController(forKey: .from) === presenter, "from: the presenter")
        expect(context.viewController(forKey: .to) === presented, "to: the presented controller")
        expect(context.view(forKey: .to) === presented.view, "the presented view to animate")
        expect(context.view(forKey: .from) == nil, "the presenter's view stays: nil, as on iOS")
        expect(context.presentationStyle == .custom, "the custom style")
        expect(context.isAnimated && !context.isInteractive, "animated, not interactive")
        context.completeTransition(true)
        expect(
            Array(log.calls.suffix(4)) == [
                "presentationTransitionDidEnd(true)", "animationEnded(true)",
                "containerViewWillLayoutSubviews",
                "completion",
            ], "the transition ends at completeTransition: \(log.calls)")
        expect(completed, "the coordinator's completion ran")
        expect(presented.transitionCoordinator == nil, "no coordinator after the transition")
    }

    /// A dismissal driven by a `UIPercentDrivenInteractiveTransition` (a pan pulling the sheet
    /// down): cancelled, UIKit calls `dismissalTransitionDidEnd(false)`, the controller stays
    /// presented and the completion is not called; finished, the dismissal completes.
    @Test func anInteractiveDismissalCancelsOrFinishes() throws {
        let log = Log()
        let delegate = TransitioningDelegate(log: log, animator: SlideAnimator(log: log))
        let presenter = UIViewController()
        let presented = UIViewController()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = delegate
        presenter.present(presented, animated: true)

        final class Interaction: UIPercentDrivenInteractiveTransition {
            var updates: [CGFloat] = []
            override func update(_ percentComplete: CGFloat) {
                updates.append(percentComplete)
                super.update(percentComplete)
            }
        }
        let interaction = Interaction()
        delegate.interaction = interaction
        log.calls = []
        var dismissed = false
        presented.dismiss(animated: true) { dismissed = true }
        expect(log.calls.last == "dismissalTransitionWillBegin", "waiting for the gesture: \(log.calls)")
        expect(presented.transitionCoordinator?.isInteractive == true, "the transition is interactive")
        expect(interaction.duration == 0.3, "the animator's duration")
        interaction.update(0.4)
        expect(interaction.percentComplete == 0.4, "the gesture's progress")
        interaction.cancel()
        expect(
            Array(log.calls.suffix(3)) == [
                "animateTransition", "dismissalTransitionDidEnd(false)", "animationEnded(false)",
            ],
            "a cancelled dismissal ends not completed: \(log.calls)")
        expect(presenter.presentedViewController === presented, "still presented")
        expect(!dismissed, "the completion is not called")

        log.calls = []
        presented.dismiss(animated: true) { dismissed = true }
        interaction.update(0.8)
        interaction.finish()
        expect(
            log.calls.contains("dismissalTransitionDidEnd(true)"),
            "a finished dismissal completes: \(log.calls)")
        expect(presenter.presentedViewController == nil, "no longer presented")
        expect(dismissed, "the completion is called")
        expect(interaction.updates == [0.4, 0.8], "the subclass's update(_:) was called, then super's")
    }

    /// Every member of UIKit's transitioning and adaptive delegates is optional: a delegate that
    /// gives none answers nil (so UIKit uses its own), lets the user dismiss, and asks for no
    /// adaptation; the presentation controller then answers `none`.
    @Test func theDelegatesOptionalMembersHaveUIKitsDefaults() {
        final class Bare: NSObject, UIViewControllerTransitioningDelegate,
            UISheetPresentationControllerDelegate
        {}
        let bare = Bare()
        let controller = UIViewController()
        expect(
            bare.presentationController(forPresented: controller, presenting: nil, source: controller) == nil,
            "no presentation controller")
        expect(
            bare.animationController(forPresented: controller, presenting: controller, source: controller)
                == nil,
            "no animator")
        expect(bare.animationController(forDismissed: controller) == nil, "no dismissal animator")
        let presentation = UIPresentationController(presentedViewController: controller, presenting: nil)
        presentation.delegate = bare
        expect(bare.presentationControllerShouldDismiss(presentation), "the user may dismiss")
        expect(presentation.adaptivePresentationStyle == .none, "no adaptation")
        expect(
            presentation.adaptivePresentationStyle(for: UITraitCollection(horizontalSizeClass: .compact))
                == .none,
            "no adaptation for compact traits")
        expect(
            presentation.shouldPresentInFullscreen && !presentation.shouldRemovePresentersView,
            "UIKit's defaults")
        expect(presentation.containerView == nil, "no container before a presentation")
        expect(presentation.frameOfPresentedViewInContainerView == .zero, "no frame without a container")
        let interaction = UIPercentDrivenInteractiveTransition()
        expect(interaction.completionSpeed == 1 && interaction.wantsInteractiveStart, "UIKit's defaults")
    }

    /// UIKit's `presentationController` answers for every style, before the presentation too
    /// (so that its delegate can be set): the sheet for the sheet styles, the popover for
    /// `popover`, and for a child the presentation controller of the presented container.
    @Test func thePresentationControllerOfEachStyle() throws {
        let controller = UIViewController()
        expect(
            controller.presentationController === controller.sheetPresentationController,
            "automatic: the sheet")
        controller.modalPresentationStyle = .popover
        expect(controller.presentationController === controller.popoverPresentationController, "the popover")
        controller.modalPresentationStyle = .fullScreen
        let fullScreen = try #require(controller.presentationController)
        expect(fullScreen.presentedViewController === controller, "presents the controller")
        expect(controller.presentationController === fullScreen, "the same one each time")

        final class Adaptive: NSObject, UIAdaptivePresentationControllerDelegate {
            func adaptivePresentationStyle(for controller: UIPresentationController)
                -> UIModalPresentationStyle
            {
                .overFullScreen
            }
        }
        let adaptive = Adaptive()
        fullScreen.delegate = adaptive
        expect(fullScreen.adaptivePresentationStyle == .overFullScreen, "the delegate's style")
        expect(
            fullScreen.adaptivePresentationStyle(for: UITraitCollection(horizontalSizeClass: .compact))
                == .overFullScreen,
            "the trait form asks the plain one when not given")

        let presenter = UIViewController()
        let navigation = UINavigationController(rootViewController: UIViewController())
        presenter.present(navigation, animated: false)
        let sheet = try #require(navigation.sheetPresentationController)
        expect(navigation.presentationController === sheet, "the sheet presents it")
        expect(sheet.presentingViewController === presenter, "the presenter is known")
        expect(sheet.presentationStyle == .pageSheet, "automatic is a phone's page sheet")
        let child = try #require(navigation.topViewController)
        expect(child.presentationController === sheet, "a child answers its presented container's")
    }
}
