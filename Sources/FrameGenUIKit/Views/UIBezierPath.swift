import Foundation
import FrameGenCoreGraphics

import enum FrameGenRaster.Shapes

/// Which corners of a rectangle; the raw values are UIKit's.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// UIKit's path object over a CGMutablePath: enough to build the shapes layers are given
/// (`layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 8).cgPath`). Angles
/// run in UIKit's flipped coordinates: `clockwise` is clockwise on screen. Rounded corners are
/// UIKit's own shapes (docs/uikit.md "Paths").
open class UIBezierPath: NSObject {
    private var path: CGMutablePath

    /// Required, as are the shape initialisers: Apple's are Objective-C factories a subclass
    /// inherits, so `Self(rect:)` in an extension compiles on iOS.
    public required override init() {
        path = CGMutablePath()
        super.init()
    }

    public init(cgPath: CGPath) {
        path = cgPath.mutableCopy()!
        super.init()
    }

    public required convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    public required convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// UIKit's rounded rectangle, not CALayer's: iOS 7's continuous corners while the radius is
    /// under a third of both sides, a capsule past a third of both, and UIKit's own in-between
    /// shape past a third of one (docs/uikit.md "Paths").
    public required convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(
            roundedRect: rect, byRoundingCorners: .allCorners,
            cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// Rounds only `corners` with UIKit's rounded-rectangle corners (see
    /// `init(roundedRect:cornerRadius:)`), of radius `cornerRadii.width` (iOS ignores the height).
    public required convenience init(
        roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize
    ) {
        self.init()
        let pairs: [(UIRectCorner, Shapes.Corners)] = [
            (.topLeft, .minXMinY), (.topRight, .maxXMinY), (.bottomLeft, .minXMaxY),
            (.bottomRight, .maxXMaxY),
        ]
        var rounded: Shapes.Corners = []
        for (ui, shape) in pairs where corners.contains(ui) { rounded.insert(shape) }
        path.addOutline(
            Shapes.bezierPathRoundedRect(rect.geometry, radius: Double(cornerRadii.width), corners: rounded))
    }

    public required convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(
            withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
            clockwise: clockwise)
    }

    /// A copy of the path; setting it replaces the path's points with a copy of the new one's.
    open var cgPath: CGPath {
        get { path.copy()! }
        set { path = newValue.mutableCopy()! }
    }

    /// The fill rule `contains(_:)` and `fill()` follow: non-zero winding by default.
    open var usesEvenOddFillRule = false

    /// The line style `stroke()` draws with; UIKit's defaults.
    open var lineWidth: CGFloat = 1
    open var lineCapStyle = CGLineCap.butt
    open var lineJoinStyle = CGLineJoin.miter
    open var miterLimit: CGFloat = 10
    private var dash: (lengths: [CGFloat], phase: CGFloat) = ([], 0)

    /// `pattern`'s first `count` lengths, painted and skipped in turn from `phase`.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        let lengths = pattern.map { Array(UnsafeBufferPointer(start: $0, count: Swift.max(count, 0))) } ?? []
        dash = (lengths, phase)
    }

    /// Fills the enclosed area with the context's fill colour (`UIColor.setFill()`), in
    /// `draw(_:)`; elsewhere, where there is no current context, does nothing.
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Intersects the current context's clip with the enclosed area (with the path's fill
    /// rule), for what `draw(_:)` paints after it; elsewhere does nothing.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path with the context's stroke colour (`UIColor.setStroke()`) and the path's
    /// line style, in `draw(_:)`; elsewhere does nothing.
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dash.phase, lengths: dash.lengths)
        context.beginPath()
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }

    /// Whether the area the path encloses holds `point` (CGPath.contains, with the path's rule).
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// The bounding box of the points and control points (CGPath.boundingBox).
    open var bounds: CGRect { path.boundingBox }

    open var isEmpty: Bool { path.isEmpty }

    open var currentPoint: CGPoint { path.currentPoint }

    open func move(to point: CGPoint) { path.move(to: point) }

    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Core Graphics' `clockwise` is the other way round on iOS's flipped screen.
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        path.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    open func close() { path.closeSubpath() }

    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    open func removeAllPoints() { path.removeAll() }

    /// Transforms every point of the path.
    open func apply(_ transform: CGAffineTransform) {
        let old = path.copy()!
        path.removeAll()
        path.addPath(old, transform: transform)
    }
}
