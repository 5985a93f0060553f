/// The one random number generator of framegen (docs/decisions.md "Randomness"): SplitMix64, seeded from the
/// scene's `seed`. It lives in this dependency-free module because both layouts (album tilts) and
/// generated content (photos) draw from it; the same seed gives the same sequence on every machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits, so the value does not depend on the platform's
    /// `Double.random(in:using:)` implementation.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A double in [lower, upper).
    public mutating func next(in lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * nextUnit()
    }

    /// An integer in 0..<bound (bound > 0), by Lemire's multiply-shift without bias correction
    /// loops, so the number of draws per call is always one.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0)
        return Int((UInt128(next()) * UInt128(bound)) >> 64)
    }
}
