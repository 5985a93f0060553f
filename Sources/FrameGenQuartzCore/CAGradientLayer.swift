import Foundation
import FrameGenCoreGraphics
import FrameGenLayout

/// The kind of gradient a CAGradientLayer draws (docs/uikit.md "Cells"); a kind of another
/// name draws no gradient.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that draws a colour gradient over its background colour, as Core Animation's:
/// `colors` (CGColors) at `locations` (nil: evenly spread) along the axis from `startPoint` to
/// `endPoint`, in the unit square of the bounds (default top centre to bottom centre); a
/// radial one from `startPoint` out to the ellipse whose bounding box has a corner at
/// `endPoint`, a conic one round `startPoint` from the direction of `endPoint`, clockwise.
open class CAGradientLayer: CALayer {
    /// CGColor values; anything else in the array is skipped.
    open var colors: [Any]?
    /// NSNumbers in 0...1, one per colour; otherwise the colours are spread evenly.
    open var locations: [NSNumber]?
    open var startPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint = CGPoint(x: 0.5, y: 1)
    open var type: CAGradientLayerType = .axial

    public override init() { super.init() }

    /// A copy of `layer`'s properties, its gradient's included.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAGradientLayer else { return }
        colors = other.colors
        locations = other.locations
        startPoint = other.startPoint
        endPoint = other.endPoint
        type = other.type
    }

    public required init?(coder: NSCoder) { return nil }
}

extension CAGradientLayer {
    /// The gradient as the renderer's value; nil for a type framegen does not know.
    package var snapshotGradient: LayerSnapshot.Gradient? {
        guard let kind = LayerSnapshot.Gradient.Kind(rawValue: type.rawValue) else { return nil }
        var g = LayerSnapshot.Gradient(
            colors: (colors ?? []).compactMap { ($0 as? CGColor)?.snapshot },
            locations: locations?.map(\.doubleValue), startPoint: startPoint.geometry,
            endPoint: endPoint.geometry)
        g.kind = kind
        return g
    }
}
