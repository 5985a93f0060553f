#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A spring animation curve (docs/design/motion.md §2): the remaining normalised displacement x starts
/// at 1 and the spring pulls it to 0; progress = 1 - x. Velocities are normalised as UIKit's
/// initialSpringVelocity: 1.0 is the whole animation distance per second, positive toward the
/// target.
public struct SpringCurve: Hashable, Sendable {
    public let spring: DampedSpring
    /// Normalised initial velocity (UIKit's initialSpringVelocity).
    public let initialVelocity: Double
    /// The seconds that normalised time 0...1 spans: the animation's duration.
    public let duration: Double

    /// The spring counts as settled once the remaining displacement stays below this fraction
    /// of the distance: the same 0.001 as the duration reconstruction below.
    public static let settlingThreshold = 0.001

    /// CASpringAnimation's parameters (defaults mass 1, stiffness 100, damping 10, velocity 0).
    /// `duration` nil means the settling duration, as a CASpringAnimation whose duration is set
    /// to its `settlingDuration`. nil for invalid parameters (see DampedSpring) or duration <= 0.
    public init?(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
        duration: Double? = nil
    ) {
        guard let spring = DampedSpring(mass: mass, stiffness: stiffness, damping: damping),
            initialVelocity.isFinite
        else { return nil }
        let settle = spring.settlingTime(
            initialDisplacement: 1, initialVelocity: -initialVelocity, threshold: Self.settlingThreshold)
        let d = duration ?? settle
        guard d.isFinite, d > 0 else { return nil }
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.duration = d
    }

    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:), with
    /// the community reconstruction of its duration-to-stiffness mapping (docs/design/motion.md §2.2,
    /// Framer's SpringsExample): mass 1; omega0 is chosen so that the oscillation envelope has
    /// decayed to epsilon = 0.001 at t = duration, i.e. the root of
    /// - zeta < 1: (zeta·omega0 - v) / omega_d · e^(-zeta·omega0·T) = 0.001,
    /// - zeta = 1: e^(-omega0·T) · ((omega0 - v)·T + 1) = 0.001;
    /// then stiffness = omega0^2 and damping = 2·zeta·omega0. For v = 0 and zeta < 1 this is the
    /// closed form omega0 = ln(1000·zeta/sqrt(1 - zeta^2)) / (zeta·T) (T = 0.5, zeta = 0.7 gives
    /// k = 387.3, c = 27.55). Where the envelope function has a rising part (v > 0) the root on
    /// its falling side is taken (found by bisection, not Framer's 12 Newton steps from 5/T, which
    /// can land on the other root); if even its peak is below 0.001 the peak is used.
    /// dampingRatio is clamped to [0.01, 1] (UIKit offers no overdamping; below 0.01 the envelope
    /// equation has no root). nil for a non-positive or non-finite duration or ratio.
    public init?(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        guard duration.isFinite, duration > 0, dampingRatio.isFinite, dampingRatio > 0,
            initialVelocity.isFinite
        else { return nil }
        let zeta = min(max(dampingRatio, 0.01), 1)
        let w0 = Self.uiKitAngularFrequency(
            duration: duration, dampingRatio: zeta, initialVelocity: initialVelocity)
        guard let spring = DampedSpring(mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0) else {
            return nil
        }
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.duration = duration
    }

    static let envelopeEpsilon = 0.001

    /// The envelope term of the reconstruction at omega0 = w (see the initializer).
    static func uiKitEnvelope(
        _ w: Double, duration t: Double, dampingRatio z: Double, initialVelocity v: Double
    )
        -> Double
    {
        if z >= 1 { return exp(-w * t) * ((w - v) * t + 1) }
        return (z * w - v) / (w * (1 - z * z).squareRoot()) * exp(-z * w * t)
    }

    static func uiKitAngularFrequency(duration t: Double, dampingRatio z: Double, initialVelocity v: Double)
        -> Double
    {
        let eps = envelopeEpsilon
        let g = { (w: Double) in uiKitEnvelope(w, duration: t, dampingRatio: z, initialVelocity: v) }
        // The envelope decreases in omega beyond its peak (at 0 unless v > 0).
        var lo: Double
        if v > 0 {
            lo =
                z >= 1
                ? v : (z * t * v + (z * z * t * t * v * v + 4 * z * z * t * v).squareRoot()) / (2 * z * z * t)
            if g(lo) <= eps { return lo }
        } else {
            lo = 0  // g(0+) is +inf (v < 0), zeta/sqrt(1 - zeta^2) >= 0.01 or 1 (v = 0): above eps
        }
        var hi = max(lo, 1 / t) * 2
        var steps = 0
        while g(hi) >= eps, steps < 2000 {
            lo = hi
            hi *= 2
            steps += 1
        }
        return DampedSpring.bisect(lo: lo, hi: hi) { g($0) > eps }
    }

    /// Progress at `t` seconds of the spring's own time, without the cut-off at `duration`:
    /// 1 - x(t) with x(0) = 1, x'(0) = -initialVelocity; 0 before the start.
    public func value(atTime t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 - spring.displacement(at: t, initialDisplacement: 1, initialVelocity: -initialVelocity)
    }

    /// d(progress)/dt in normalised distance per second; `initialVelocity` at t = 0.
    public func velocity(atTime t: Double) -> Double {
        -spring.velocity(at: max(t, 0), initialDisplacement: 1, initialVelocity: -initialVelocity)
    }

    /// Progress at normalised time t (seconds t·duration): 0 for t <= 0, 1 for t >= 1. What the
    /// spring has left at the end is taken away along a smoothstep over the whole animation, so
    /// the curve reaches 1 continuously instead of jumping there (docs/layouts-and-motion.md "Settling").
    public func progress(_ t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        let leftover = 1 - value(atTime: duration)
        return value(atTime: t * duration) + leftover * t * t * (3 - 2 * t)
    }

    /// The time after which |1 - progress| stays below `settlingThreshold` (see
    /// DampedSpring.settlingTime for how oscillating springs are bounded).
    public var settlingDuration: Double {
        spring.settlingTime(
            initialDisplacement: 1, initialVelocity: -initialVelocity, threshold: Self.settlingThreshold)
    }
}
