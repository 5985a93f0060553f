import Foundation
import FrameGenMotion
import FrameGenQuartzCore
import Synchronization

// UIView's animation API over Core Animation's model (FrameGenQuartzCore/LayerAnimator.swift,
// docs/uikit.md "Animations"): the block runs at once and its changes are the model; every
// animatable property it changed on a layer of the collection view's tree animates from what was
// shown to the new value, from the instant of the event being handled (plus the delay) over the
// duration and curve, and the completion runs at the instant the animations end. Outside a
// collection view framegen drives there is no clock: the changes apply at once and the
// completion follows with `true`.

/// `UIView.areAnimationsEnabled`: one switch for the process, as UIKit's.
private let animationsEnabled = Atomic<Bool>(true)

extension UIView {
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)
    }

    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    /// UIKit's curve for `options` (bits 16 to 19), ease-in-ease-out by default.
    package static func curve(_ options: AnimationOptions) -> TimingCurve {
        switch (options.rawValue >> 16) & 0xF {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInEaseOut
        }
    }

    /// Whether animation blocks animate: UIKit's one switch for the process, on until
    /// `setAnimationsEnabled(false)` (which snapshot suites call in `setUp`). Off, a block's
    /// changes apply at once, those of the animations UIKit starts itself included (they are
    /// blocks too), and its completion follows with `true`, as `performWithoutAnimation`'s
    /// changes do.
    public class var areAnimationsEnabled: Bool { animationsEnabled.load(ordering: .relaxed) }

    public class func setAnimationsEnabled(_ enabled: Bool) {
        animationsEnabled.store(enabled, ordering: .relaxed)
    }

    /// Runs `animations` as an animation block (the comment above).
    static func animate(
        _ duration: TimeInterval, delay: TimeInterval = 0, curve: TimingCurve = .easeInEaseOut,
        options: AnimationOptions = [], _ animations: () -> Void, _ completion: ((Bool) -> Void)?
    ) {
        guard let animator = LayerAnimator.current else {
            animations()
            completion?(true)
            return
        }
        guard areAnimationsEnabled else { return animator.run(nil, animations, completion: completion) }
        let finite = duration.isFinite ? duration : 0
        animator.run(
            LayerAnimator.Timing(
                duration: finite, delay: delay.isFinite ? delay : 0, curve: curve),
            inheritsDuration: !options.contains(.overrideInheritedDuration),
            inheritsCurve: !options.contains(.overrideInheritedCurve), animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(duration, animations, nil)
    }

    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(duration, animations, completion)
    }

    /// `.repeat` and `.autoreverse` play once, forwards (framegen's choice: not yet modelled).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(duration, delay: delay, curve: curve(options), options: options, animations, completion)
    }

    /// UIKit's spring: `dampingRatio` and `velocity` (the whole distance per second) make a
    /// spring that settles over `duration` (Motion's SpringCurve, docs/design/motion.md §2.2).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval,
        usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let spring = SpringCurve(
            duration: duration, dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity))
        animate(
            duration, delay: delay, curve: spring.map(TimingCurve.spring) ?? curve(options),
            options: options.union(.overrideInheritedCurve), animations, completion)
    }

    /// Runs the block as one animation over the whole duration (its keyframes are not yet
    /// played one by one: each `addKeyframe` block's changes animate over the whole).
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval,
        options: UIView.KeyframeAnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(duration, delay: delay, curve: .linear, animations, completion)
    }

    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        animations()
    }

    /// The changes apply at once, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        guard let animator = LayerAnimator.current else { return actionsWithoutAnimation() }
        animator.run(nil, actionsWithoutAnimation, completion: nil)
    }

    /// The block's changes animate as `animate(withDuration:delay:options:...)`'s do (the
    /// transition's flip or curl is not drawn).
    public class func transition(
        with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        animate(duration, curve: curve(options), options: options, animations ?? {}, completion)
    }

    /// Replaces `fromView` by `toView` in `fromView`'s superview, or, with
    /// `.showHideTransitionViews`, hides `fromView` and shows `toView`.
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval,
        options: UIView.AnimationOptions = [], completion: ((Bool) -> Void)? = nil
    ) {
        if options.contains(.showHideTransitionViews) {
            fromView.isHidden = true
            toView.isHidden = false
        } else if let parent = fromView.superview {
            parent.insertSubview(toView, aboveSubview: fromView)
            fromView.removeFromSuperview()
        }
        completion?(true)
    }
}
