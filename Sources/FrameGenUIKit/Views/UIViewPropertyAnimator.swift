import Foundation
import FrameGenMotion

extension UIView {
    /// UIKit's raw values.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut
        case easeIn
        case easeOut
        case linear

        var timingCurve: TimingCurve {
            switch self {
            case .easeInOut: .easeInEaseOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }
}

public enum UIViewAnimatingState: Int, Sendable {
    case inactive
    case active
    case stopped
}

/// What an animator's timing is: a cubic curve or a spring.
public protocol UITimingCurveProvider {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

public enum UITimingCurveType: Int, Sendable {
    case builtin
    case cubic
    case spring
    case composed
}

open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    let curve: TimingCurve

    public override init() {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        curve = .easeInEaseOut
        super.init()
    }

    public init(animationCurve: UIView.AnimationCurve) {
        self.animationCurve = animationCurve
        (controlPoint1, controlPoint2) = (.zero, CGPoint(x: 1, y: 1))
        curve = animationCurve.timingCurve
        super.init()
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = (point1, point2)
        curve = .cubic(CubicBezier(Double(point1.x), Double(point1.y), Double(point2.x), Double(point2.y)))
        super.init()
    }

    public var timingCurveType: UITimingCurveType { .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public let initialVelocity: CGVector
    let dampingRatio: CGFloat
    /// A spring given by its mass, stiffness and damping: it moves in real time and sets the
    /// animation's length itself (the animator's duration is ignored, as on iOS).
    private var physical: SpringCurve?

    public override init() {
        (dampingRatio, initialVelocity) = (1, .zero)
        super.init()
    }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector = .zero) {
        (dampingRatio, initialVelocity) = (ratio, velocity)
        super.init()
    }

    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: .zero)
    }

    /// A spring of these coefficients, whose damping ratio is damping / (2 sqrt(stiffness *
    /// mass)), as UIKit documents; a mass or stiffness that is not above 0 gives UIKit's
    /// default spring.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        let valid = mass > 0 && stiffness > 0 && damping >= 0 && (mass * stiffness).isFinite
        dampingRatio = valid ? damping / (2 * (stiffness * mass).squareRoot()) : 1
        initialVelocity = velocity
        super.init()
        if valid {
            physical = SpringCurve(
                mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                initialVelocity: Double(velocity.dx))
        }
    }

    /// The seconds the animation lasts: a spring of coefficients until it settles; nil for a
    /// damping ratio's, which takes the animator's duration.
    var settlingDuration: TimeInterval? { physical?.duration }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// A spring that settles over `duration`, as `UIView.animate(usingSpringWithDamping:)`'s;
    /// a spring of coefficients moves in real time over its own settling duration.
    func curve(duration: TimeInterval) -> TimingCurve {
        if let physical { return .spring(physical) }
        return SpringCurve(
            duration: duration, dampingRatio: Double(dampingRatio),
            initialVelocity: Double(initialVelocity.dx)
        ).map(TimingCurve.spring) ?? .easeInEaseOut
    }
}

/// A view animation you start, pause, scrub and stop (iOS 10). framegen plays it as
/// `UIView.animate` plays a block, on the scene's clock: `startAnimation()` animates its blocks
/// from where the views are to where the blocks put them over the duration left, and the
/// completions run at the end with `.end`. A paused animator's `fractionComplete` is kept, not
/// shown: its views stay where they were until it starts or finishes (*not yet*: scrubbing,
/// reversing; docs/uikit.md "Animations").
open class UIViewPropertyAnimator: NSObject {
    public let duration: TimeInterval
    open private(set) var delay: TimeInterval = 0
    public let timingParameters: UITimingCurveProvider?
    open private(set) var state = UIViewAnimatingState.inactive
    open private(set) var isRunning = false
    open var isReversed = false
    open var fractionComplete: CGFloat = 0 {
        didSet {
            fractionComplete = Swift.min(1, Swift.max(0, fractionComplete))
            if state == .inactive { state = .active }
        }
    }
    open var isInterruptible = true
    open var isUserInteractionEnabled = true
    open var isManualHitTestingEnabled = false
    open var scrubsLinearly = true
    open var pausesOnCompletion = false

    private var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private let curve: TimingCurve
    /// How long a run lasts: the duration, or a spring of coefficients' own settling time.
    private let runDuration: TimeInterval
    /// Bumped whenever a run is stopped, so that its completion knows it was cut off.
    private var run = 0

    /// Required, as Swift needs for `runningPropertyAnimator`'s `Self` (on iOS it is only
    /// designated).
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = duration
        runDuration = parameters.springTimingParameters?.settlingDuration ?? duration
        timingParameters = parameters
        if let spring = parameters.springTimingParameters {
            curve = spring.curve(duration: duration)
        } else {
            curve = parameters.cubicTimingParameters?.curve ?? .easeInEaseOut
        }
        super.init()
    }

    public convenience init(
        duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil
    ) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {
        self.init(
            duration: duration,
            timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(
        duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil
    ) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Made and started at once, as `UIView.animate(withDuration:delay:options:...)`.
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> Self {
        let animator = Self(
            duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve(of: options)))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    private static func curve(of options: UIView.AnimationOptions) -> UIView.AnimationCurve {
        UIView.AnimationCurve(rawValue: Int((options.rawValue >> 16) & 0xF)) ?? .easeInOut
    }

    open func addAnimations(_ animation: @escaping () -> Void) { animations.append(animation) }

    /// The block starts after `delayFactor` of the duration (*not yet*: framegen animates it
    /// over the whole duration).
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        animations.append(animation)
    }

    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    open func startAnimation() { startAnimation(afterDelay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped, !isRunning else { return }
        self.delay = delay
        state = .active
        isRunning = true
        let blocks = animations
        animations = []
        run += 1
        let started = run
        UIView.animate(
            runDuration * Double(1 - fractionComplete), delay: delay, curve: curve,
            options: .overrideInheritedCurve, { for block in blocks { block() } },
            { [weak self] _ in
                guard let self, self.run == started else { return }
                self.finish(at: .end)
            })
    }

    /// Keeps the animator active and its views where the running animation would put them
    /// next (*not yet*: they move on to the end).
    open func pauseAnimation() {
        guard state != .stopped else { return }
        state = .active
        isRunning = false
    }

    /// Stops where it is; with `withoutFinishing` false it waits in `.stopped` for
    /// `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        run += 1
        isRunning = false
        if withoutFinishing {
            state = .inactive
        } else {
            state = .stopped
        }
    }

    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        finish(at: finalPosition)
    }

    open func continueAnimation(
        withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat
    ) {
        startAnimation()
    }

    private func finish(at position: UIViewAnimatingPosition) {
        fractionComplete = position == .end ? 1 : 0
        state = .inactive
        isRunning = false
        let completions = self.completions
        self.completions = []
        for completion in completions { completion(position) }
    }
}
