import Foundation
import FrameGenMotion

/// The names of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier from (0, 0) to (1, 1) that maps an animation's time to its progress. The curve
/// is Motion's TimingCurve (Sources/FrameGenMotion/TimingCurve.swift), which framegen's timeline
/// evaluates; the named functions have the control points Core Animation documents.
open class CAMediaTimingFunction: NSObject {
    /// What framegen's timeline evaluates.
    package let curve: TimingCurve

    /// A predefined function. An unknown name traps, as Core Animation raises an exception.
    public convenience init(name: CAMediaTimingFunctionName) {
        guard let curve = TimingCurve(name: name.rawValue) else {
            preconditionFailure("CAMediaTimingFunction: unknown name \(name.rawValue)")
        }
        self.init(curve: curve)
    }

    /// The control points (c1x, c1y) and (c2x, c2y). x values are clamped to [0, 1] so that
    /// time runs forward (Motion's CubicBezier; Apple documents no range).
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(curve: .cubic(CubicBezier(Double(c1x), Double(c1y), Double(c2x), Double(c2y))))
    }

    package init(curve: TimingCurve) {
        self.curve = curve
        super.init()
    }

    /// Writes control point `idx` (0: (0, 0), 1 and 2: the control points, 3: (1, 1)) as two
    /// Floats at `ptr`. framegen leaves `ptr` untouched for any other index (Apple documents
    /// only 0...3).
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        guard let bezier = curve.bezier, (0...3).contains(idx) else { return }
        let points = [(0.0, 0.0), (bezier.x1, bezier.y1), (bezier.x2, bezier.y2), (1.0, 1.0)]
        ptr[0] = Float(points[idx].0)
        ptr[1] = Float(points[idx].1)
    }

    /// Equal when the curves are.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CAMediaTimingFunction)?.curve == curve
    }

    open override var hash: Int { curve.hashValue }
}
