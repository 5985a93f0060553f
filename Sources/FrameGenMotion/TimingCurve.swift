/// An animation curve: normalised time t in [0, 1] to progress (0 at the start, 1 at the end).
/// docs/design/motion.md §1: Core Animation's presets (§1.1 there) as cubic Béziers, custom cubic Béziers,
/// and springs.
public enum TimingCurve: Hashable, Sendable {
    /// kCAMediaTimingFunctionLinear: progress = t exactly.
    case linear
    /// kCAMediaTimingFunctionEaseIn: (0.42, 0), (1, 1).
    case easeIn
    /// kCAMediaTimingFunctionEaseOut: (0, 0), (0.58, 1).
    case easeOut
    /// kCAMediaTimingFunctionEaseInEaseOut: (0.42, 0), (0.58, 1); UIView.animate's default.
    case easeInEaseOut
    /// kCAMediaTimingFunctionDefault: (0.25, 0.1), (0.25, 1), CSS `ease`.
    case `default`
    /// A custom cubic Bézier (scene syntax `cubic: [x1, y1, x2, y2]`).
    case cubic(CubicBezier)
    /// A spring; normalised time 1 is the spring's `duration`.
    case spring(SpringCurve)

    /// The preset named as in scene files (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`,
    /// `default`); nil for any other name, which the scene reports as an error.
    public init?(name: String) {
        switch name {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInEaseOut": self = .easeInEaseOut
        case "default": self = .default
        default: return nil
        }
    }

    /// The control points of a Bézier curve (nil for springs).
    public var bezier: CubicBezier? {
        switch self {
        case .linear: CubicBezier(0, 0, 1, 1)
        case .easeIn: CubicBezier(0.42, 0, 1, 1)
        case .easeOut: CubicBezier(0, 0, 0.58, 1)
        case .easeInEaseOut: CubicBezier(0.42, 0, 0.58, 1)
        case .default: CubicBezier(0.25, 0.1, 0.25, 1)
        case .cubic(let b): b
        case .spring: nil
        }
    }

    /// Progress at normalised time t; t <= 0 (or NaN) gives 0 and t >= 1 gives 1 exactly.
    public func progress(_ t: Double) -> Double {
        switch self {
        case .linear:
            // The (0, 0, 1, 1) Bézier is y = x; returning t avoids the solver's last bits.
            if !(t > 0) { return 0 }
            return min(t, 1)
        case .spring(let s):
            return s.progress(t)
        case .easeIn, .easeOut, .easeInEaseOut, .default, .cubic:
            return bezier?.progress(t) ?? t
        }
    }

    /// The rate of progress per second at normalised time `t` of a motion lasting `duration`
    /// seconds: the slope over the ten-thousandth of the motion before `t` (the curves are
    /// smooth, so this is their derivative to the digits a velocity shows). A drag's release
    /// velocity and a pan's velocity are the finger's distance times this.
    public func slope(at t: Double, over duration: Double) -> Double {
        let h = 1e-4
        return (progress(t) - progress(t - h)) / (h * duration)
    }
}
