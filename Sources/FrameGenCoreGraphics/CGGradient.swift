import Foundation
import FrameGenGeometry
import FrameGenLayout

/// Core Foundation's array, as Core Graphics' gradient takes its colours (`[c1, c2] as
/// CFArray`): on Linux there is no Core Foundation bridging, so it is a Swift array.
public typealias CFArray = [Any]

/// A gradient's colours and where they lie along it (Core Graphics' CGGradient). Colours are
/// interpolated in sRGB, as a UIKit context's device RGB space is sRGB.
public final class CGGradient: Sendable {
    let colors: [CGColor]
    /// nil: evenly spread, as Core Graphics spreads them.
    let locations: [CGFloat]?

    /// `colors` holds CGColors; `locations`, if not nil, one value in 0...1 per colour. Nil for
    /// no colour, a colour that is not a CGColor, or a location that is not a number.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let list = colors.compactMap { $0 as? CGColor }
        guard !list.isEmpty, list.count == colors.count else { return nil }
        let spots = locations.map { Array(UnsafeBufferPointer(start: $0, count: list.count)) }
        guard spots?.allSatisfy(\.isFinite) ?? true else { return nil }
        (self.colors, self.locations) = (list, spots)
    }

    /// Colours as components in `space` (4 a colour for RGB: red, green, blue, alpha; 2 for
    /// grey), `count` of them.
    public init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        let gray = space.model == .monochrome
        let per = gray ? 2 : 4
        guard count > 0, count <= 1 << 16 else { return nil }
        let values = Array(UnsafeBufferPointer(start: components, count: count * per))
        guard values.allSatisfy(\.isFinite) else { return nil }
        colors = (0..<count).map { i in
            let c = Array(values[(i * per)..<((i + 1) * per)])
            return gray
                ? CGColor(gray: c[0], alpha: c[1]) : CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
        let spots = locations.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        guard spots?.allSatisfy(\.isFinite) ?? true else { return nil }
        self.locations = spots
    }
}

/// Whether a gradient paints beyond its start and end (Core Graphics leaves those parts alone
/// unless told).
public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

extension CGContext {
    /// Paints the gradient from `startPoint` to `endPoint` across the clip: lines of one colour
    /// cross the axis at right angles (in device space; exact for a transform without a shear
    /// or unequal scales). Beyond the ends nothing, unless `options` extend the end colours.
    public func drawLinearGradient(
        _ gradient: CGGradient, start startPoint: CGPoint, end endPoint: CGPoint,
        options: CGGradientDrawingOptions
    ) {
        let axis = CGVector(dx: endPoint.x - startPoint.x, dy: endPoint.y - startPoint.y)
        let length = (axis.dx * axis.dx + axis.dy * axis.dy).squareRoot()
        guard length.isFinite, startPoint.x.isFinite, startPoint.y.isFinite else { return }
        var clips = state.clips
        if length > 0,
            !options.contains(.drawsBeforeStartLocation) || !options.contains(.drawsAfterEndLocation)
        {
            // The band the gradient covers, in user space, far along its lines: cut beyond an
            // end the options leave unpainted.
            let (u, n) = (
                CGVector(dx: axis.dx / length, dy: axis.dy / length),
                CGVector(dx: -axis.dy / length, dy: axis.dx / length)
            )
            let far: CGFloat = 1e5
            let back = options.contains(.drawsBeforeStartLocation) ? far : 0
            let ahead = options.contains(.drawsAfterEndLocation) ? far : 0
            let a = CGPoint(x: startPoint.x - u.dx * back, y: startPoint.y - u.dy * back)
            let b = CGPoint(x: endPoint.x + u.dx * ahead, y: endPoint.y + u.dy * ahead)
            let band = [
                CGPoint(x: a.x + n.dx * far, y: a.y + n.dy * far),
                CGPoint(x: b.x + n.dx * far, y: b.y + n.dy * far),
                CGPoint(x: b.x - n.dx * far, y: b.y - n.dy * far),
                CGPoint(x: a.x - n.dx * far, y: a.y - n.dy * far),
            ]
            clips.append(clipShape { $0.addLines(between: band, transform: ctm) })
        }
        record(gradient, .axial, start: startPoint.applying(ctm), end: endPoint.applying(ctm), clips: clips)
    }

    /// Paints the gradient between the circle about `startCenter` of `startRadius` and the one
    /// about `endCenter` of `endRadius`, as concentric circles from the end circle's centre
    /// (exact when the start circle is its centre: the common case, a glow). Beyond the end
    /// circle nothing, unless `options` say `drawsAfterEndLocation`.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
        endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        guard endRadius.isFinite, endRadius > 0, endCenter.x.isFinite, endCenter.y.isFinite else { return }
        var clips = state.clips
        if !options.contains(.drawsAfterEndLocation) {
            let circle = CGRect(
                x: endCenter.x - endRadius, y: endCenter.y - endRadius, width: 2 * endRadius,
                height: 2 * endRadius)
            clips.append(clipShape { $0.addEllipse(in: circle, transform: ctm) })
        }
        // The radii in device space: the transform's scale along each axis.
        let centre = endCenter.applying(ctm)
        let t = ctm
        let rx = endRadius * (t.a * t.a + t.b * t.b).squareRoot()
        let ry = endRadius * (t.c * t.c + t.d * t.d).squareRoot()
        // Locations run from the start radius: colours before it are the first one's.
        var g = gradient
        if startRadius > 0, startRadius < endRadius {
            let from = startRadius / endRadius
            let spots = gradient.locations ?? evenly(gradient.colors.count)
            g = CGGradient(colors: gradient.colors, locations: spots.map { from + $0 * (1 - from) })
        }
        record(g, .radial, start: centre, end: CGPoint(x: centre.x + rx, y: centre.y + ry), clips: clips)
    }

    private func evenly(_ n: Int) -> [CGFloat] {
        n < 2 ? [0] : (0..<n).map { CGFloat($0) / CGFloat(n - 1) }
    }

    private func record(
        _ gradient: CGGradient, _ kind: LayerSnapshot.Gradient.Kind, start: CGPoint, end: CGPoint,
        clips: [LayerSnapshot.Shape]
    ) {
        guard state.alpha > 0, state.blendMode.isDrawn else { return }
        var g = LayerSnapshot.Gradient(
            colors: gradient.colors.map {
                var c = $0.snapshot
                c.alpha *= Double(min(max(state.alpha, 0), 1))
                return c
            },
            locations: gradient.locations.map { $0.map(Double.init) }, startPoint: .init(x: 0, y: 0),
            endPoint: .init(x: 0, y: 0))
        g.kind = kind
        let fill = LayerSnapshot.Drawing.GradientFill(
            gradient: g, start: Point(x: Double(start.x), y: Double(start.y)),
            end: Point(x: Double(end.x), y: Double(end.y)))
        record(LayerSnapshot.Drawing.Part(gradient: fill, clips: clips))
    }

    /// A clip of the path `build` adds.
    private func clipShape(_ build: (CGMutablePath) -> Void) -> LayerSnapshot.Shape {
        let path = CGMutablePath()
        build(path)
        return LayerSnapshot.Shape(
            path: path.steps.map(\.snapshotElement),
            fillColor: LayerSnapshot.Color(red: 0, green: 0, blue: 0, alpha: 1),
            evenOdd: false)
    }
}

extension CGGradient {
    convenience init(colors: [CGColor], locations: [CGFloat]) {
        self.init(colorsSpace: nil, colors: colors, locations: locations)!
    }
}
