#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The hand-written easing functions of the reproduced layouts (docs/design/motion.md §1.3), exactly as
/// their sources write them; each maps 0 to 0 and 1 to 1. Inputs are clamped to [0, 1] (NaN to
/// 0) because layouts evaluate them at progress values computed from scene time, which can fall
/// outside an animation's interval.
public enum LayoutEasing {
    @inline(__always) static func clamped(_ x: Double) -> Double {
        x.isNaN ? 0 : Swift.min(Swift.max(x, 0), 1)
    }

    /// PhotosApp `easeInOut` (quadratic): 2x^2 below 1/2, else -2x^2 + 4x - 1.
    public static func quadraticEaseInOut(_ x: Double) -> Double {
        let x = clamped(x)
        return x < 0.5 ? 2 * x * x : -2 * x * x + 4 * x - 1
    }

    /// PhotosApp's function named `easeOut`, which is x^2: an ease-in despite its name.
    public static func quadraticEaseIn(_ x: Double) -> Double {
        let x = clamped(x)
        return x * x
    }

    /// iCarousel `easeInOut` (cubic), used for scrolling and the CoverFlow2 toggle:
    /// (2t)^3 / 2 below 1/2, else (2t - 2)^3 / 2 + 1.
    public static func cubicEaseInOut(_ t: Double) -> Double {
        let t = clamped(t)
        if t < 0.5 {
            let u = 2 * t
            return 0.5 * u * u * u
        }
        let u = 2 * t - 2
        return 0.5 * u * u * u + 1
    }

    /// CollectionViewPagingLayout `TransformCurve.easeIn`: log10(1 + 9p).
    public static func logarithmicEaseIn(_ p: Double) -> Double { log10(1 + 9 * clamped(p)) }

    /// CollectionViewPagingLayout `TransformCurve.easeOut`: 1 - log10(10 - 9p).
    public static func logarithmicEaseOut(_ p: Double) -> Double { 1 - log10(10 - 9 * clamped(p)) }
}
