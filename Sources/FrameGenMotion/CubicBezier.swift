/// A CAMediaTimingFunction / CSS cubic-bezier() curve from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2). Normalised time t is the curve's x; progress is its y at the parameter s
/// where x(s) = t.
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// The solver stops when |x(s) - t| is below this: far inside the 1e-7 docs/design/motion.md §1.2 asks
    /// for, so that progress is accurate even where the curve is steep (dy/dx up to 1e5).
    public static let solverTolerance = 1e-12

    /// x1 and x2 are clamped to [0, 1] (CSS rejects other values and Core Animation clamps them)
    /// so that x(s) is monotonic and each t has one s; non-finite values become 0.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        func clean(_ v: Double) -> Double { v.isFinite ? v : 0 }
        self.x1 = min(max(clean(x1), 0), 1)
        self.y1 = clean(y1)
        self.x2 = min(max(clean(x2), 0), 1)
        self.y2 = clean(y2)
    }

    /// The Bernstein form 3(1-s)^2 s p1 + 3(1-s) s^2 p2 + s^3, in Horner form.
    @inline(__always) private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    @inline(__always) private static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    public func x(atParameter s: Double) -> Double { Self.bezier(s, x1, x2) }
    public func y(atParameter s: Double) -> Double { Self.bezier(s, y1, y2) }

    /// The parameter s in [0, 1] with x(s) = t: Newton's method from s = t (quadratic
    /// convergence where x'(s) is not small), then bisection on [0, 1] if Newton left the
    /// interval or did not converge in 8 steps (x'(s) near 0, e.g. at the ends of (0, 0, 1, 1)).
    public func parameter(forX t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        var s = t
        for _ in 0..<8 {
            let err = x(atParameter: s) - t
            if abs(err) < Self.solverTolerance { return s }
            let d = Self.slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
            if !(s >= 0 && s <= 1) { break }
        }
        var lo = 0.0
        var hi = 1.0
        s = t
        for _ in 0..<100 {
            let err = x(atParameter: s) - t
            if abs(err) < Self.solverTolerance { return s }
            if err < 0 { lo = s } else { hi = s }
            s = (lo + hi) / 2
            if hi - lo < 1e-16 { break }
        }
        return s
    }

    /// The curve's value at normalised time t (clamped to [0, 1]). May leave [0, 1] when y1 or
    /// y2 do (overshooting curves).
    public func progress(_ t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        return y(atParameter: parameter(forX: t))
    }
}
