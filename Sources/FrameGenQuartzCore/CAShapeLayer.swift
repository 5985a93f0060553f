import Foundation
import FrameGenCoreGraphics
import FrameGenLayout

/// How a CAShapeLayer's fill treats overlapping subpaths.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that fills a path in its own coordinates, over its background colour, then strokes
/// it, as Core Animation's; Apple's defaults (opaque black fill, no stroke, line width 1, butt
/// caps, miter joins, miter limit 10, strokeEnd 1) (docs/uikit.md "Cells").
open class CAShapeLayer: CALayer {
    open var path: CGPath?
    open var fillColor: CGColor? = CGColor.black
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var strokeColor: CGColor?
    open var lineWidth: CGFloat = 1
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var lineDashPhase: CGFloat = 0
    open var lineDashPattern: [NSNumber]?

    public override init() { super.init() }

    /// A copy of `layer`'s properties, its path and fill included.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAShapeLayer else { return }
        path = other.path
        fillColor = other.fillColor
        fillRule = other.fillRule
        strokeColor = other.strokeColor
        lineWidth = other.lineWidth
        strokeStart = other.strokeStart
        strokeEnd = other.strokeEnd
        lineCap = other.lineCap
        lineJoin = other.lineJoin
        miterLimit = other.miterLimit
        lineDashPhase = other.lineDashPhase
        lineDashPattern = other.lineDashPattern
    }

    public required init?(coder: NSCoder) { return nil }
}

extension CAShapeLayer {
    /// The stroke's properties as the renderer's values; no stroke colour leaves the shape
    /// unstroked.
    package func snapshotStroke(into shape: inout LayerSnapshot.Shape) {
        guard let color = strokeColor else { return }
        shape.strokeColor = color.snapshot
        shape.lineWidth = Double(lineWidth)
        shape.lineCap = LayerSnapshot.Shape.LineCap(rawValue: lineCap.rawValue) ?? .butt
        shape.lineJoin = LayerSnapshot.Shape.LineJoin(rawValue: lineJoin.rawValue) ?? .miter
        shape.miterLimit = Double(miterLimit)
        shape.lineDashPattern = (lineDashPattern ?? []).map(\.doubleValue)
        shape.lineDashPhase = Double(lineDashPhase)
        shape.strokeStart = Double(strokeStart)
        shape.strokeEnd = Double(strokeEnd)
    }
}

extension CALayer {
    /// A view's backing layer of class `layerClass`. Swift makes an instance of a class chosen
    /// at run time only through a `required` initialiser, and CALayer's init() cannot be
    /// required without breaking every subclass that writes `override init()`, as iOS code
    /// does. So framegen makes its own classes by name, and an app's through the
    /// `makeByClass()` the port writes into each of its layer classes that has `init()`; a
    /// class with neither traps here, naming itself, rather than hand its code a layer of the
    /// wrong class.
    package static func backingLayer(of layerClass: AnyClass, for view: Any.Type) -> CALayer {
        switch ObjectIdentifier(layerClass) {
        case ObjectIdentifier(CALayer.self): return CALayer()
        case ObjectIdentifier(CAGradientLayer.self): return CAGradientLayer()
        case ObjectIdentifier(CAShapeLayer.self): return CAShapeLayer()
        case ObjectIdentifier(CAReplicatorLayer.self): return CAReplicatorLayer()
        case ObjectIdentifier(CATextLayer.self): return CATextLayer()
        case ObjectIdentifier(CAEmitterLayer.self): return CAEmitterLayer()
        default:
            // A subclass that inherits its superclass's override makes the superclass: not
            // this class, so it is not taken.
            if let made = (layerClass as? CALayer.Type)?.makeByClass(), type(of: made) == layerClass {
                return made
            }
            preconditionFailure(
                "\(view).layerClass is \(layerClass), which framegen cannot make: it makes Core Animation's own layer classes, and an app's layer classes that have init() through the makeByClass() its port writes into them (docs/uikit.md \"Layers\")"
            )
        }
    }
}
