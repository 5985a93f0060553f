#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The easing curves of the transform-family originals (layouts.md B.0.3), as functions of a
/// progress in 0...1 (values outside are clamped first), plus Core Animation's cubic Bézier
/// timing functions for originals that animate with UIView.animate. Layout cannot see the Motion
/// module (it depends on Geometry only), so the few curves layouts evaluate themselves live here.
public enum Easing {
    @inline(__always) static func clamped(_ x: Double) -> Double {
        x.isNaN ? 0 : Swift.min(Swift.max(x, 0), 1)
    }

    public static func linear(_ x: Double) -> Double { clamped(x) }

    /// PhotosApp's quadratic easeInOut: 2x² below one half, -2x² + 4x - 1 above.
    public static func quadraticEaseInOut(_ x: Double) -> Double {
        let x = clamped(x)
        return x < 0.5 ? 2 * x * x : -2 * x * x + 4 * x - 1
    }

    /// PhotosApp's "easeOut", which is x² (an ease-in, despite its name).
    public static func photosEaseOut(_ x: Double) -> Double {
        let x = clamped(x)
        return x * x
    }

    /// iCarousel's cubic easeInOut: ½(2t)³ below one half, ½(2t - 2)³ + 1 above.
    public static func cubicEaseInOut(_ t: Double) -> Double {
        let t = clamped(t)
        if t < 0.5 {
            let u = 2 * t
            return 0.5 * u * u * u
        }
        let u = 2 * t - 2
        return 0.5 * u * u * u + 1
    }

    /// CollectionViewPagingLayout's log curves: easeIn log10(1 + 9p), easeOut 1 - log10(10 - 9p).
    public static func logEaseIn(_ p: Double) -> Double { log10(1 + 9 * clamped(p)) }
    public static func logEaseOut(_ p: Double) -> Double { 1 - log10(10 - 9 * clamped(p)) }
}

/// CAMediaTimingFunction as a cubic Bézier from (0, 0) to (1, 1) with control points c1, c2:
/// the output for a time fraction x solves Bx(s) = x (Newton, then bisection) and returns By(s).
public struct CubicBezierTimingFunction: Hashable, Sendable {
    public var c1: (x: Double, y: Double) { (x1, y1) }
    public var c2: (x: Double, y: Double) { (x2, y2) }
    private let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = Easing.clamped(x1)
        self.y1 = y1
        self.x2 = Easing.clamped(x2)
        self.y2 = y2
    }

    /// kCAMediaTimingFunctionEaseInEaseOut, UIView.animate's default curve.
    public static let easeInEaseOut = CubicBezierTimingFunction(0.42, 0, 0.58, 1)
    public static let linear = CubicBezierTimingFunction(0, 0, 1, 1)

    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(s) = 3(1-s)²s p1 + 3(1-s)s² p2 + s³
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The eased value at time fraction `x` (clamped to 0...1), solved to 1e-7.
    public func callAsFunction(_ x: Double) -> Double {
        let x = Easing.clamped(x)
        if x == 0 || x == 1 { return x }
        var s = x
        for _ in 0..<8 {
            let err = Self.bezier(s, x1, x2) - x
            if Swift.abs(err) < 1e-7 { return Self.bezier(s, y1, y2) }
            let d = Self.slope(s, x1, x2)
            if Swift.abs(d) < 1e-6 { break }
            s -= err / d
        }
        var lo = 0.0
        var hi = 1.0
        s = x
        while hi - lo > 1e-9 {
            let v = Self.bezier(s, x1, x2)
            if Swift.abs(v - x) < 1e-7 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return Self.bezier(s, y1, y2)
    }
}
