import Foundation
import FrameGenMotion
import FrameGenQuartzCore

/// The keys of a transition's two view controllers (UIKit's `.from` and `.to`).
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(
        rawValue: "UITransitionContextFromViewController")
    public static let to = UITransitionContextViewControllerKey(
        rawValue: "UITransitionContextToViewController")
}

/// The keys of a transition's two views (UIKit's `.from` and `.to`).
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// What a transition in progress says of itself, as UIKit declares it.
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    var isAnimated: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    var initiallyInteractive: Bool { get }
    var isInterruptible: Bool { get }
    var isInteractive: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var percentComplete: CGFloat { get }
    var completionVelocity: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var containerView: UIView { get }
    var targetTransform: CGAffineTransform { get }
}

/// A transition's coordinator, as UIKit declares it: animations alongside the transition's and
/// completions at its end. UIKit's `completion` defaults to nil (an Objective-C protocol's
/// import); a Swift protocol requirement has no default, so the one-argument forms below give it.
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool

    @discardableResult
    func animateAlongsideTransition(
        in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool

    func notifyWhenInteractionChanges(
        _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    @discardableResult
    public func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }

    @discardableResult
    public func animateAlongsideTransition(
        in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animateAlongsideTransition(in: view, animation: animation, completion: nil)
    }
}

/// UIContentContainer, which UIViewController adopts: how a container hears of its size and
/// its children's. framegen's only size transition is a scene's rotation
/// (`UIViewController.viewWillTransition(to:with:)`).
public protocol UIContentContainer: NSObjectProtocol {
    var preferredContentSize: CGSize { get }
    func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
    func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer)
    func size(
        forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
    ) -> CGSize
    func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
    func willTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator)
}

extension UIViewController: UIContentContainer {
    /// framegen's size change (a scene's rotation) starting: `viewWillTransition(to:with:)`,
    /// with the coordinator as `transitionCoordinator` until `endSizeTransition(_:)`.
    package func beginSizeTransition(to size: CGSize, with coordinator: SizeTransitionCoordinator) {
        runningTransition = coordinator
        viewWillTransition(to: size, with: coordinator)
    }

    /// At the change's end: the completions run, then the coordinator goes, as on iOS.
    package func endSizeTransition(_ coordinator: SizeTransitionCoordinator) {
        coordinator.complete()
        if runningTransition === coordinator { runningTransition = nil }
    }
}

/// The coordinator of an animated size change framegen plays (a scene's rotation): not
/// interactive, not cancelled; the animations added run inside the change's animation block, so
/// their changes animate with it, and the completions run when it ends, as on iOS.
package final class SizeTransitionCoordinator: NSObject, UIViewControllerTransitionCoordinator {
    package let transitionDuration: TimeInterval
    package let completionCurve: UIView.AnimationCurve
    package let targetTransform: CGAffineTransform
    package let containerView: UIView
    private weak var controller: UIViewController?
    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

    package init(
        duration: TimeInterval, curve: UIView.AnimationCurve, targetTransform: CGAffineTransform,
        containerView: UIView, controller: UIViewController?
    ) {
        transitionDuration = duration
        completionCurve = curve
        self.targetTransform = targetTransform
        self.containerView = containerView
        self.controller = controller
        super.init()
    }

    package var isAnimated: Bool { transitionDuration > 0 }
    package var presentationStyle: UIModalPresentationStyle { .none }
    package var initiallyInteractive: Bool { false }
    package var isInterruptible: Bool { false }
    package var isInteractive: Bool { false }
    package var isCancelled: Bool { false }
    package var percentComplete: CGFloat { 0 }
    package var completionVelocity: CGFloat { 1 }

    /// A size change has no second controller: both keys answer the one changing size.
    package func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        controller
    }

    /// Nil, as UIKit answers outside a presentation's custom transition.
    package func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }

    @discardableResult
    package func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    @discardableResult
    package func animateAlongsideTransition(
        in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    /// Never called: framegen's transitions are not interactive.
    package func notifyWhenInteractionChanges(
        _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void
    ) {}

    /// Runs the animations added, inside the transition's animation block.
    package func runAlongside() {
        let run = alongside
        alongside = []
        for animation in run { animation(self) }
    }

    /// Runs the completions, at the transition's end.
    package func complete() {
        let run = completions
        completions = []
        for completion in run { completion(self) }
    }
}

extension UIView.AnimationCurve {
    /// UIKit's name for framegen's curve, as a transition coordinator reports it (a spring or a
    /// custom curve is ease-in-ease-out).
    package init(_ curve: TimingCurve) {
        switch curve {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        default: self = .easeInOut
        }
    }
}
