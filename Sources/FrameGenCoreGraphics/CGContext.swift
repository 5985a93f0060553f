import Foundation
import FrameGenGeometry
import FrameGenLayout

/// CGLineCap.
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

/// CGLineJoin.
public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}

/// CGPathDrawingMode.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// A Core Graphics context as a view's `draw(_:)` gets it from `UIGraphicsGetCurrentContext()`:
/// it records what is filled and stroked, as paths with their colours and line style in the
/// view's bounds coordinates (origin at the top left of the bounds, y down), and the images
/// drawn (CGContext+Images.swift), for the compositor to draw as the view's backing store
/// (docs/uikit.md "Drawing in draw(_:)"). The everyday subset: graphics state (colours, line
/// style, alpha, blend mode, the transform, the clip) saved and restored, path construction,
/// clipping, fill and stroke. Not Sendable: framegen makes one per call of `draw(_:)`.
public final class CGContext {
    struct GState {
        var ctm = CGAffineTransform.identity
        package var fillColor = CGColor.black
        package var strokeColor = CGColor.black
        package var lineWidth: CGFloat = 1
        package var lineCap = CGLineCap.butt
        package var lineJoin = CGLineJoin.miter
        package var miterLimit: CGFloat = 10
        var dashPhase: CGFloat = 0
        var dashLengths: [CGFloat] = []
        package var alpha: CGFloat = 1
        var shadow: (offset: CGSize, blur: CGFloat, color: CGColor?)?
        var blendMode = CGBlendMode.normal
        var interpolationQuality = CGInterpolationQuality.default
        /// Filled paths in the bounds' coordinates; what is painted shows inside all of them.
        var clips: [LayerSnapshot.Shape] = []
    }

    var state = GState()
    private var saved: [GState] = []
    /// In the bounds' coordinates: the transform applies as points are added, as in Core Graphics.
    private var path = CGMutablePath()
    /// What was filled and stroked and the images drawn, back to front.
    package internal(set) var recorded: [LayerSnapshot.Drawing.Part] = []
    /// Added to every point: the bounds' origin taken back to the top left.
    private let origin: CGPoint

    /// Layer trees drawn into the context (`CALayer.render(in:)`, `drawHierarchy(in:)`), each
    /// with the transform from its layer's bounds (origin at their top left) to the context's top
    /// left, how many recorded paths came before it, so that an image renderer draws both in
    /// their order, and whether it is drawn as the screen shows it (`drawHierarchy`) or as
    /// `render(in:)` draws it (docs/uikit.md "Drawing a view into an image").
    package private(set) var renderedLayers:
        [(tree: LayerSnapshot, transform: CGAffineTransform, after: Int, asOnScreen: Bool)] = []

    /// The tree's bounds' top left at user space's origin, as `CALayer.render(in:)` draws a
    /// layer in its own coordinates (a scrolled view shows what it shows on screen).
    package func record(layerTree tree: LayerSnapshot, asOnScreen: Bool) {
        renderedLayers.append((tree, state.ctm, recorded.count, asOnScreen))
        drawn?(self)
    }

    /// Called after each drawing is recorded: a bitmap context over the app's memory paints it
    /// there at once, as Core Graphics does (FrameGenUIKitRendering's CGContext+Bitmap.swift).
    package var drawn: ((CGContext) -> Void)?

    /// A bitmap context's memory and format (`CGContext(data:width:height:...)`); nil for a
    /// view's or an image renderer's context.
    package var bitmapMemory: AnyObject?

    /// What `makeImage()` answers: an image context's picture so far, drawn by the renderer
    /// above this module; nil (no image) for a view's `draw(_:)`.
    package var imageMaker: ((CGContext) -> CGImage?)?

    package init(boundsOrigin: CGPoint) {
        origin = boundsOrigin
        state.ctm = CGAffineTransform(translationX: -boundsOrigin.x, y: -boundsOrigin.y)
    }

    // Core Graphics flushes a window context's drawing to its screen; on a bitmap or PDF
    // context, the only kinds iOS code draws into (and framegen's), both do nothing there too:
    // the drawing is the context's as soon as it is made.
    public func flush() {}
    public func synchronize() {}

    // MARK: Graphics state

    public func saveGState() { saved.append(state) }

    /// Without a matching save, does nothing (Core Graphics logs an error).
    public func restoreGState() {
        if let last = saved.popLast() { state = last }
    }

    /// User space to the view's bounds (origin at their top left).
    public var ctm: CGAffineTransform {
        state.ctm.concatenating(CGAffineTransform(translationX: origin.x, y: origin.y))
    }

    public func translateBy(x: CGFloat, y: CGFloat) {
        state.ctm = CGAffineTransform(translationX: x, y: y).concatenating(state.ctm)
    }

    public func scaleBy(x: CGFloat, y: CGFloat) {
        state.ctm = CGAffineTransform(scaleX: x, y: y).concatenating(state.ctm)
    }

    public func rotate(by angle: CGFloat) {
        state.ctm = CGAffineTransform(rotationAngle: angle).concatenating(state.ctm)
    }

    public func concatenate(_ transform: CGAffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
    }

    public func setFillColor(_ color: CGColor) { state.fillColor = color }

    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha)
    }

    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }

    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }

    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }

    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit }

    /// Empty `lengths`: solid lines again.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        (state.dashPhase, state.dashLengths) = (phase, lengths)
    }

    /// Multiplies the alpha of everything drawn after it.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha }

    /// What is painted after it casts this shadow, until the state is restored or the colour
    /// is nil (docs/uikit.md "Drawing in draw(_:)").
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        state.shadow = (offset, blur, color)
    }

    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    // MARK: Path

    public var isPathEmpty: Bool { path.isEmpty }

    public func beginPath() { path = CGMutablePath() }

    public func move(to point: CGPoint) { path.move(to: point, transform: state.ctm) }

    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: state.ctm) }

    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: state.ctm) }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        path.addQuadCurve(to: end, control: control, transform: state.ctm)
    }

    public func closePath() { path.closeSubpath() }

    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: state.ctm) }

    public func addRects(_ rects: [CGRect]) { path.addRects(rects, transform: state.ctm) }

    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: state.ctm) }

    /// `clockwise` in Core Graphics' sense (decreasing angles): counter-clockwise on screen in
    /// a view's flipped context, as on iOS.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        path.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
            transform: state.ctm)
    }

    /// `CGMutablePath.addArc(tangent1End:tangent2End:radius:)` on the current path.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }

    public func addPath(_ other: CGPath) { path.addPath(other, transform: state.ctm) }

    // MARK: Painting

    /// Fills the current path and empties it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        drawPath(using: rule == .evenOdd ? .eoFill : .fill)
    }

    /// Strokes the current path and empties it.
    public func strokePath() { drawPath(using: .stroke) }

    /// Paints the current path as `mode` says (a fill and a stroke: the stroke over the fill)
    /// and empties it.
    public func drawPath(using mode: CGPathDrawingMode) {
        defer { path = CGMutablePath() }
        guard !path.isEmpty, state.blendMode.isDrawn else { return }
        let fills = mode != .stroke
        let strokes = mode == .stroke || mode == .fillStroke || mode == .eoFillStroke
        var shape = LayerSnapshot.Shape(
            path: path.steps.map(\.snapshotElement), fillColor: fills ? color(state.fillColor) : nil,
            evenOdd: mode == .eoFill || mode == .eoFillStroke)
        if strokes {
            // The line's lengths are in user space: scaled by the transform's area scale (exact
            // for a uniform scale).
            let t = state.ctm
            let scale = Double(abs(t.a * t.d - t.b * t.c)).squareRoot()
            shape.strokeColor = color(state.strokeColor)
            shape.lineWidth = Double(state.lineWidth) * scale
            shape.lineCap = LayerSnapshot.Shape.LineCap(rawValue: "\(state.lineCap)") ?? .butt
            shape.lineJoin = LayerSnapshot.Shape.LineJoin(rawValue: "\(state.lineJoin)") ?? .miter
            shape.miterLimit = Double(state.miterLimit)
            shape.lineDashPattern = state.dashLengths.map { Double($0) * scale }
            shape.lineDashPhase = Double(state.dashPhase) * scale
        }
        record(LayerSnapshot.Drawing.Part(shape: shape, clips: state.clips))
    }

    // MARK: Clipping

    /// Intersects the clip with the current path's inside, then empties the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        defer { path = CGMutablePath() }
        state.clips.append(
            LayerSnapshot.Shape(
                path: path.steps.map(\.snapshotElement),
                fillColor: LayerSnapshot.Color(red: 0, green: 0, blue: 0, alpha: 1),
                evenOdd: rule == .evenOdd))
    }

    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    public func clip(to rects: [CGRect]) {
        let kept = path
        path = CGMutablePath()
        addRects(rects)
        clip()
        path = kept
    }

    public func fill(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        fillPath()
    }

    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Pairs of points, each pair a line of its own.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        for k in stride(from: 0, to: points.count - 1, by: 2) {
            move(to: points[k])
            addLine(to: points[k + 1])
        }
        strokePath()
    }

    /// Records `part` with the shadow the state sets. Core Graphics' shadow offset is in the
    /// context's base space (points here, y down since iOS 3.2), which the transform does not
    /// move; its blur is twice the Gaussian's sigma, as `NSShadow.shadowBlurRadius` is.
    func record(_ part: LayerSnapshot.Drawing.Part) {
        var part = part
        if let shadow = state.shadow, let c = shadow.color, shadow.offset.width.isFinite,
            shadow.offset.height.isFinite, shadow.blur.isFinite
        {
            let shade = color(c)
            if shade.alpha > 0 {
                part.shadow = LayerSnapshot.Shadow(
                    color: shade, opacity: 1, radius: max(Double(shadow.blur), 0) / 2,
                    offset: Point(x: Double(shadow.offset.width), y: Double(shadow.offset.height)))
            }
        }
        recorded.append(part)
        drawn?(self)
    }

    private func color(_ c: CGColor) -> LayerSnapshot.Color {
        var s = c.snapshot
        s.alpha *= Double(state.alpha)
        return s
    }
}

extension CGPathStep {
    /// The step as the renderer's value (a shape layer's path, a recorded drawing).
    package var snapshotElement: LayerSnapshot.Shape.Element {
        switch self {
        case .move(let p): .move(p.geometry)
        case .line(let p): .line(p.geometry)
        case .quadCurve(let p, let c): .quadCurve(p.geometry, control: c.geometry)
        case .curve(let p, let c1, let c2): .curve(p.geometry, control1: c1.geometry, control2: c2.geometry)
        case .close: .close
        }
    }
}
