#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A damped harmonic oscillator m·x'' + c·x' + k·x = 0 (docs/design/motion.md §2.1), where x is the
/// displacement from the spring's rest point. Everything is closed form from t = 0, so any
/// instant can be evaluated alone (docs/decisions.md "Timeline").
public struct DampedSpring: Hashable, Sendable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double

    /// nil unless every value is finite, mass > 0, stiffness > 0 and damping > 0 (an undamped
    /// spring never comes to rest).
    public init?(mass: Double, stiffness: Double, damping: Double) {
        guard mass.isFinite, stiffness.isFinite, damping.isFinite, mass > 0, stiffness > 0,
            damping > 0
        else { return nil }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// damping = dampingRatio · 2·sqrt(k·m).
    public init?(mass: Double, stiffness: Double, dampingRatio: Double) {
        self.init(
            mass: mass, stiffness: stiffness, damping: dampingRatio * 2 * (stiffness * mass).squareRoot())
    }

    /// UIScrollView's spring as ScrollMechanics reconstructs it (docs/design/motion.md §3.5): mass 1,
    /// stiffness 100, critically damped (damping 20).
    public static let scrollView = DampedSpring(mass: 1, stiffness: 100, damping: 20)!

    /// zeta = c / (2·sqrt(k·m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// omega0 = sqrt(k/m), radians per second.
    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The closed form in use. Ratios within 1e-9 of 1 count as critical: the underdamped form
    /// divides by omega_d, which vanishes there.
    enum Regime {
        /// beta = c/2m, omega_d = omega0·sqrt(1 - zeta^2).
        case under(beta: Double, omegaD: Double)
        case critical(beta: Double)
        /// r1 > r2, both negative.
        case over(r1: Double, r2: Double)
    }

    var regime: Regime {
        let beta = damping / (2 * mass)
        let zeta = dampingRatio
        let w0 = undampedAngularFrequency
        if zeta < 1 - 1e-9 {
            return .under(beta: beta, omegaD: w0 * (1 - zeta * zeta).squareRoot())
        }
        if zeta <= 1 + 1e-9 { return .critical(beta: beta) }
        // r2 = -beta - sqrt(beta^2 - w0^2) has no cancellation; r1 from r1·r2 = w0^2.
        let r2 = -beta - (beta * beta - w0 * w0).squareRoot()
        return .over(r1: w0 * w0 / r2, r2: r2)
    }

    /// x(t) for x(0) = x0, x'(0) = v0:
    /// - under: e^(-beta t)·(x0 cos(wd t) + ((v0 + beta x0)/wd) sin(wd t));
    /// - critical: e^(-beta t)·(x0 + (v0 + beta x0) t);
    /// - over: C1 e^(r1 t) + C2 e^(r2 t), C2 = (v0 - r1 x0)/(r2 - r1), C1 = x0 - C2.
    public func displacement(at t: Double, initialDisplacement x0: Double, initialVelocity v0: Double)
        -> Double
    {
        switch regime {
        case .under(let beta, let wd):
            let b = (v0 + beta * x0) / wd
            return exp(-beta * t) * (x0 * cos(wd * t) + b * sin(wd * t))
        case .critical(let beta):
            return exp(-beta * t) * (x0 + (v0 + beta * x0) * t)
        case .over(let r1, let r2):
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// x'(t), the derivative of `displacement`.
    public func velocity(at t: Double, initialDisplacement x0: Double, initialVelocity v0: Double)
        -> Double
    {
        switch regime {
        case .under(let beta, let wd):
            let b = (v0 + beta * x0) / wd
            return exp(-beta * t) * (v0 * cos(wd * t) - (beta * b + x0 * wd) * sin(wd * t))
        case .critical(let beta):
            return exp(-beta * t) * (v0 - beta * (v0 + beta * x0) * t)
        case .over(let r1, let r2):
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            return r1 * c1 * exp(r1 * t) + r2 * c2 * exp(r2 * t)
        }
    }

    /// The time after which |x(t)| stays below `threshold` (> 0):
    /// - oscillating springs: when the amplitude envelope A·e^(-beta t),
    ///   A = sqrt(x0^2 + ((v0 + beta x0)/wd)^2), falls to the threshold (|x| <= envelope, so it is
    ///   an upper bound of the last crossing, tight within one half-period);
    /// - critically and over-damped springs: the exact last time |x(t)| = threshold. x(t) has at
    ///   most one zero and one extremum there, both in closed form; after the later of them |x|
    ///   decreases, so the crossing is found by bisection on a monotonic interval.
    /// 0 if |x| never reaches the threshold.
    public func settlingTime(initialDisplacement x0: Double, initialVelocity v0: Double, threshold: Double)
        -> Double
    {
        guard threshold > 0, x0.isFinite, v0.isFinite else { return 0 }
        let x = { (t: Double) in abs(self.displacement(at: t, initialDisplacement: x0, initialVelocity: v0)) }
        var zero: Double? = nil
        var extremum: Double? = nil
        switch regime {
        case .under(let beta, let wd):
            let b = (v0 + beta * x0) / wd
            let a = (x0 * x0 + b * b).squareRoot()
            return a <= threshold ? 0 : log(a / threshold) / beta
        case .critical(let beta):
            let b = v0 + beta * x0
            if b != 0 {
                zero = -x0 / b
                extremum = v0 / (beta * b)
            }
        case .over(let r1, let r2):
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            if c1 != 0 {
                let z = -c2 / c1
                if z > 0 { zero = log(z) / (r1 - r2) }
                let e = -r2 * c2 / (r1 * c1)
                if e > 0 { extremum = log(e) / (r1 - r2) }
            }
        }
        let tZero = zero.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let tExt = extremum.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let tail = max(0, tZero ?? 0, tExt ?? 0)
        if x(tail) >= threshold {
            // |x| decreases on [tail, inf): grow a bracket, then bisect.
            var span = 1 / max(undampedAngularFrequency, 1e-9)
            var hi = tail + span
            var steps = 0
            while x(hi) >= threshold {
                span *= 2
                hi = tail + span
                steps += 1
                if steps > 2000 || !hi.isFinite { return .infinity }
            }
            return Self.bisect(lo: tail, hi: hi) { x($0) >= threshold }
        }
        if let tZero, abs(x0) >= threshold {
            // Before its zero, x moves monotonically from x0 to 0.
            return Self.bisect(lo: 0, hi: tZero) { x($0) >= threshold }
        }
        return 0
    }

    /// The boundary of a predicate true at lo and false at hi; returns a time where it is false.
    static func bisect(lo: Double, hi: Double, _ above: (Double) -> Bool) -> Double {
        var lo = lo
        var hi = hi
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if above(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
