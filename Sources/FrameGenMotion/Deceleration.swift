#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// UIScrollView.DecelerationRate: the factor the velocity keeps per millisecond
/// (docs/design/motion.md §3.3).
public struct DecelerationRate: Hashable, Sendable {
    public let rawValue: Double

    /// nil unless 0 < rawValue < 1.
    public init?(rawValue: Double) {
        guard rawValue > 0, rawValue < 1 else { return nil }
        self.rawValue = rawValue
    }

    public static let normal = DecelerationRate(rawValue: 0.998)!
    public static let fast = DecelerationRate(rawValue: 0.99)!

    /// k = 1000·ln(rate): the exponent per second (negative), v(t) = v0·e^(k t).
    public var decayConstant: Double { 1000 * log(rawValue) }
}

/// The deceleration law of a released scroll view (docs/design/motion.md §3.3), from t = 0:
/// v(t) = v0·e^(k t), x(t) = x0 + v0·(e^(k t) - 1)/k, at rest at x0 - v0/k, where
/// k = 1000·ln(rate per ms) < 0.
public struct Deceleration: Hashable, Sendable {
    public let startOffset: Double
    public let velocity: Double
    /// k, per second (negative).
    public let decayConstant: Double

    public init(startOffset: Double, velocity: Double, rate: DecelerationRate = .normal) {
        self.startOffset = startOffset
        self.velocity = velocity
        self.decayConstant = rate.decayConstant
    }

    /// The same law with the decay constant solved so that it comes to rest exactly at
    /// `restOffset`: k = -v0 / (rest - x0). nil unless the rest lies ahead in the direction of
    /// the velocity (a deceleration cannot turn round or reach a point it is not moving to).
    public init?(startOffset: Double, velocity: Double, restOffset: Double) {
        let distance = restOffset - startOffset
        guard velocity.isFinite, distance.isFinite, velocity != 0, distance != 0,
            (velocity > 0) == (distance > 0)
        else { return nil }
        let k = -velocity / distance
        guard k.isFinite, k < 0 else { return nil }
        self.startOffset = startOffset
        self.velocity = velocity
        self.decayConstant = k
    }

    /// The per-millisecond rate equivalent to the decay constant (0.998 for `.normal`).
    public var rate: Double { exp(decayConstant / 1000) }

    public func offset(at t: Double) -> Double {
        startOffset + velocity * expm1(decayConstant * t) / decayConstant
    }

    public func velocity(at t: Double) -> Double { velocity * exp(decayConstant * t) }

    /// x0 - v0/k.
    public var restOffset: Double { startOffset - velocity / decayConstant }

    /// The time at which the remaining distance |rest - x(t)| = |v0/k|·e^(k t) falls below
    /// `threshold`: ln(threshold·|k|/|v0|)/k, or 0 if it starts below.
    public func duration(threshold: Double) -> Double {
        let total = abs(velocity / decayConstant)
        guard threshold > 0, total > threshold else { return 0 }
        return log(threshold / total) / decayConstant
    }

    /// The time the motion passes `offset`, nil if it never gets there.
    public func time(toReach offset: Double) -> Double? {
        guard velocity != 0 else { return offset == startOffset ? 0 : nil }
        // e^(k t) = 1 + k (offset - x0) / v0, which must lie in (0, 1].
        let e = 1 + decayConstant * (offset - startOffset) / velocity
        guard e > 0, e <= 1 else { return nil }
        return log(e) / decayConstant
    }
}
