import Foundation
import FrameGenCoreGraphics

// Core Animation's explicit animations, as an app's views make them (a spinner's rotation, a
// shimmer's gradient, a pulse) and add to a layer with `add(_:forKey:)`. framegen keeps them on
// the layer and does not play them: a layer draws its model values, which is what
// `render(in:)`, and so a snapshot test, draws on iOS too, and a scene's instants are drawn from
// the model (docs/uikit.md "Animations"). `UIView.animate` is played; these are not yet.

/// CAMediaTiming: how an animation's, or a layer's, local time follows its parent's.
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

extension CAMediaTiming {
    /// Takes `other`'s timing: a layer's copy (`init(layer:)`) and an animation's keep it.
    func takeTiming(from other: any CAMediaTiming) {
        (beginTime, duration, speed, timeOffset) = (
            other.beginTime, other.duration, other.speed, other.timeOffset
        )
        (repeatCount, repeatDuration, autoreverses, fillMode) =
            (other.repeatCount, other.repeatDuration, other.autoreverses, other.fillMode)
    }
}

public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}

/// Told when an animation starts and stops; both have empty defaults, as the Objective-C
/// protocol's optional methods do. framegen plays no `CAAnimation`, so neither is called.
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open var timingFunction: CAMediaTimingFunction?
    /// Held strongly, as Core Animation documents.
    open var delegate: (any CAAnimationDelegate)?
    open var isRemovedOnCompletion = true

    /// Required, so that a copy is made of the animation's own class, an app's subclass too.
    public required override init() { super.init() }

    public required init?(coder: NSCoder) { return nil }

    /// A copy with the same settings: `add(_:forKey:)` keeps a copy, as on iOS, so changing the
    /// animation afterwards does not change the one added.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.copySettings(from: self)
        return copy
    }

    /// Takes `other`'s settings; each subclass takes its own after its superclass's.
    func copySettings(from other: CAAnimation) {
        takeTiming(from: other)
        (timingFunction, delegate, isRemovedOnCompletion) =
            (other.timingFunction, other.delegate, other.isRemovedOnCompletion)
    }

    /// The default duration Core Animation gives an animation whose `duration` is 0.
    open class func defaultValue(forKey key: String) -> Any? { key == "duration" ? 0.25 : nil }
}

open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    open var isAdditive = false
    open var isCumulative = false
    open var valueFunction: CAValueFunction?

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        (keyPath, isAdditive, isCumulative, valueFunction) =
            (other.keyPath, other.isAdditive, other.isCumulative, other.valueFunction)
    }
}

open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CABasicAnimation else { return }
        (fromValue, toValue, byValue) = (other.fromValue, other.toValue, other.byValue)
    }
}

/// A damped spring's parameters, as `CASpringAnimation` takes them.
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    open var allowsOverdamping = false

    public required init() { super.init() }

    public required init?(coder: NSCoder) { return nil }

    /// iOS 17's form: the stiffness and damping of a unit mass that settles in about
    /// `perceptualDuration` seconds, bouncing by `bounce` (−1...1, 0: critically damped), as
    /// SwiftUI's springs are defined (stiffness (2π / duration)², damping 4π(1 − bounce) / duration
    /// for a bounce ≥ 0, and 4π / (duration (1 + bounce)) below it).
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        let d = max(perceptualDuration, 0.001)
        stiffness = pow(2 * .pi / d, 2)
        damping = bounce >= 0 ? 4 * .pi * (1 - bounce) / d : 4 * .pi / (d * (1 + bounce))
    }

    open var perceptualDuration: TimeInterval { 2 * .pi / sqrt(max(stiffness, 1e-9) / max(mass, 1e-9)) }

    open var bounce: CGFloat {
        let critical = 2 * sqrt(max(stiffness * mass, 1e-18))
        return 1 - damping / critical
    }

    /// How long the spring takes to come within 0.1 % of its end (CASpringAnimation's
    /// `settlingDuration`): the envelope e^(−ζω t) of the damped spring.
    open var settlingDuration: CFTimeInterval {
        let omega = sqrt(max(stiffness, 1e-9) / max(mass, 1e-9))
        let zeta = damping / (2 * sqrt(max(stiffness * mass, 1e-18)))
        let rate = zeta < 1 ? zeta * omega : omega * (zeta - sqrt(zeta * zeta - 1))
        return rate > 0 ? Double(log(1000) / rate) : .infinity
    }

    override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CASpringAnimation else { return }
        (mass, stiffness, damping, initialVelocity, allowsOverdamping) =
            (other.mass, other.stiffness, other.damping, other.initialVelocity, other.allowsOverdamping)
    }
}

public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?

    override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        (values, path, keyTimes, timingFunctions) = (
            other.values, other.path, other.keyTimes, other.timingFunctions
        )
        (calculationMode, tensionValues, continuityValues, biasValues, rotationMode) =
            (
                other.calculationMode, other.tensionValues, other.continuityValues, other.biasValues,
                other.rotationMode
            )
    }
}

open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        animations = (other as? CAAnimationGroup)?.animations
    }
}

public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    override func copySettings(from other: CAAnimation) {
        super.copySettings(from: other)
        guard let other = other as? CATransition else { return }
        (type, subtype, startProgress, endProgress) = (
            other.type, other.subtype, other.startProgress, other.endProgress
        )
    }
}

/// A function applied to an animated value (`rotateZ`, `scale`...), kept with the animation.
open class CAValueFunction: NSObject {
    public let name: CAValueFunctionName
    public init?(name: CAValueFunctionName) {
        self.name = name
        super.init()
    }
}

public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}
