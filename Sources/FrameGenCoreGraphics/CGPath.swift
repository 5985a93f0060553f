import Foundation

import struct FrameGenRaster.Path

/// How a path's inside is decided: by the winding number, or by the parity of crossings.
public enum CGPathFillRule: Int, Sendable {
    case winding
    case evenOdd
}

/// One step of a path (Core Graphics' CGPathElement, as a Swift enum).
package enum CGPathStep: Hashable, Sendable {
    case move(to: CGPoint)
    case line(to: CGPoint)
    case quadCurve(to: CGPoint, control: CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    case close
}

/// An immutable path (Core Graphics' CGPath): lines and quadratic and cubic Béziers in
/// subpaths. Shapes with round parts (rounded rectangles, ellipses, arcs) are stored as cubic
/// Béziers, each at most a quarter circle, as Core Graphics stores them; the compositor reads
/// `steps`. Not Sendable: CGMutablePath, its subclass, changes in place.
public class CGPath: Hashable {
    package fileprivate(set) var steps: [CGPathStep]

    package init(steps: [CGPathStep]) { self.steps = steps }

    /// A rectangle, clockwise on screen from its minimum corner, closed.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(steps: path.steps)
    }

    /// A rectangle with elliptical corners of the given radii (each at most half the side).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
        self.init(steps: path.steps)
    }

    /// The ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(steps: path.steps)
    }

    public var isEmpty: Bool { steps.isEmpty }

    /// The end of the last step; .zero for an empty path, as Core Graphics documents.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero
        var current = CGPoint.zero
        for step in steps {
            switch step {
            case .move(let p):
                start = p
                current = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): current = p
            case .close: current = start
            }
        }
        return current
    }

    /// The smallest rectangle holding every point and control point; CGRect.null when empty.
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for step in steps {
            switch step {
            case .move(let p), .line(let p): points.append(p)
            case .quadCurve(let p, let c): points += [p, c]
            case .curve(let p, let c1, let c2): points += [p, c1, c2]
            case .close: break
            }
        }
        return points.isEmpty ? .null : CGRect(boundingBoxOf: points)
    }

    /// Whether the area the path encloses under `rule` holds `point` (the path's points taken
    /// through `transform`); every subpath counts as closed, as a fill closes it. Curves are
    /// followed within a hundredth of a point, which is what hit testing asks.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        rasterPath(transform: transform).contains(
            SIMD2(Double(point.x), Double(point.y)), evenOdd: rule == .evenOdd, tolerance: 0.01)
    }

    /// The path's points taken through `transform` as the rasteriser's closed contours (every
    /// subpath closed, as a fill closes it).
    package func rasterPath(transform: CGAffineTransform = .identity) -> Path {
        func at(_ p: CGPoint) -> SIMD2<Double> {
            let q = p.applying(transform)
            return SIMD2(Double(q.x), Double(q.y))
        }
        return Path(
            elements: steps.map { step -> Path.Element in
                switch step {
                case .move(let p): .move(at(p))
                case .line(let p): .line(at(p))
                case .quadCurve(let p, let c): .quadCurve(at(p), control: at(c))
                case .curve(let p, let c1, let c2): .curve(at(p), control1: at(c1), control2: at(c2))
                case .close: .close
                }
            })
    }

    public func copy() -> CGPath? { CGPath(steps: steps) }

    public func mutableCopy() -> CGMutablePath? { CGMutablePath(steps: steps) }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.steps == rhs.steps }

    public func hash(into hasher: inout Hasher) { hasher.combine(steps) }
}

/// A path that can grow (Core Graphics' CGMutablePath). Each `transform` applies to the points
/// added, as in Core Graphics.
public final class CGMutablePath: CGPath {
    public init() { super.init(steps: []) }

    package override init(steps: [CGPathStep]) { super.init(steps: steps) }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        steps.append(.move(to: point.applying(transform)))
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        startIfNeeded(at: point, transform)
        steps.append(.line(to: point.applying(transform)))
    }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        startIfNeeded(at: control, transform)
        steps.append(.quadCurve(to: end.applying(transform), control: control.applying(transform)))
    }

    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        startIfNeeded(at: control1, transform)
        steps.append(
            .curve(
                to: end.applying(transform), control1: control1.applying(transform),
                control2: control2.applying(transform)))
    }

    package func removeAll() { steps.removeAll() }

    public func closeSubpath() {
        if !steps.isEmpty { steps.append(.close) }
    }

    /// A closed subpath around `rect` (standardised), from its minimum corner along x first.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        addLines(between: rect.corners, transform: transform)
        closeSubpath()
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// A closed ellipse inscribed in `rect`, four quarter arcs.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        addRoundedRect(
            in: rect, cornerWidth: rect.width / 2, cornerHeight: rect.height / 2, transform: transform)
    }

    /// A closed rounded rectangle; radii are clamped to half of each side.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        let rx = Swift.max(0, Swift.min(cornerWidth, r.width / 2))
        let ry = Swift.max(0, Swift.min(cornerHeight, r.height / 2))
        let radii = CGSize(width: rx, height: ry)
        addRoundedRect(r, radii: [radii, radii, radii, radii], transform: transform)
    }

    /// Corners in the order min-x min-y, max-x min-y, max-x max-y, min-x max-y (clockwise on
    /// screen), each an elliptical quarter of the given radii, zero for a square corner.
    package func addRoundedRect(_ r: CGRect, radii: [CGSize], transform: CGAffineTransform) {
        let corners = r.corners
        // The direction from each corner toward the rectangle's inside, along x and along y.
        let inward: [(CGFloat, CGFloat)] = [(1, 1), (-1, 1), (-1, -1), (1, -1)]
        func point(_ i: Int, dx: CGFloat, dy: CGFloat) -> CGPoint {
            CGPoint(x: corners[i].x + inward[i].0 * dx, y: corners[i].y + inward[i].1 * dy)
        }
        var at = point(0, dx: radii[0].width, dy: 0)
        move(to: at, transform: transform)
        for i in 0..<4 {
            let next = (i + 1) % 4
            // Along the side to the next corner (when the corners leave any), then round it.
            let side =
                i % 2 == 0
                ? point(next, dx: radii[next].width, dy: 0) : point(next, dx: 0, dy: radii[next].height)
            if side != at { addLine(to: side, transform: transform) }
            at = side
            let rad = radii[next]
            guard rad.width > 0, rad.height > 0 else { continue }
            let end = i % 2 == 0 ? point(next, dx: 0, dy: rad.height) : point(next, dx: rad.width, dy: 0)
            at = end
            let k = CGMutablePath.kappa
            let (c1, c2) =
                i % 2 == 0
                ? (point(next, dx: rad.width * (1 - k), dy: 0), point(next, dx: 0, dy: rad.height * (1 - k)))
                : (point(next, dx: 0, dy: rad.height * (1 - k)), point(next, dx: rad.width * (1 - k), dy: 0))
            addCurve(to: end, control1: c1, control2: c2, transform: transform)
        }
        closeSubpath()
    }

    /// An arc of the circle about `center` from `startAngle` to `endAngle` (radians, +x toward
    /// +y), `clockwise` in Core Graphics' sense: decreasing angles, which is counter-clockwise on
    /// iOS's flipped screen. A line joins the current point to the arc's start.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        var sweep = endAngle - startAngle
        let turn = 2 * CGFloat.pi
        if clockwise {
            while sweep > 0 { sweep -= turn }
            if sweep < -turn { sweep = -turn }
        } else {
            while sweep < 0 { sweep += turn }
            if sweep > turn { sweep = turn }
        }
        func on(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        if steps.isEmpty || steps.last == .close {
            move(to: on(startAngle), transform: transform)
        } else {
            addLine(to: on(startAngle), transform: transform)
        }
        let pieces = Swift.max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        // A cubic through an arc of angle `step` has its control points 4/3 tan(step/4) of the
        // radius along the tangents.
        let handle = 4 / 3 * tan(step / 4) * radius
        var angle = startAngle
        for _ in 0..<pieces {
            let a0 = angle
            let a1 = angle + step
            let c1 = CGPoint(x: on(a0).x - handle * sin(a0), y: on(a0).y + handle * cos(a0))
            let c2 = CGPoint(x: on(a1).x + handle * sin(a1), y: on(a1).y - handle * cos(a1))
            addCurve(to: on(a1), control1: c1, control2: c2, transform: transform)
            angle = a1
        }
    }

    /// Core Graphics' arc to a point (`CGPathAddArcToPoint`, PostScript's `arct`): the arc of
    /// `radius` tangent to the line from the current point to `tangent1End` and to the line from
    /// there to `tangent2End`, with a line from the current point to the arc's start; only that
    /// line when the three points are in one line or the radius is 0. The current point is in
    /// the path's space, so it is taken back through `transform` first.
    public func addArc(
        tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        let p0 = currentPoint.applying(transform.inverted())
        let (ax, ay) = (p0.x - p1.x, p0.y - p1.y)
        let (bx, by) = (p2.x - p1.x, p2.y - p1.y)
        let la = (ax * ax + ay * ay).squareRoot()
        let lb = (bx * bx + by * by).squareRoot()
        let cross = ax * by - ay * bx
        guard radius > 0, la > 0, lb > 0, abs(cross) > 1e-9 * la * lb else {
            if steps.isEmpty || steps.last == .close {
                move(to: p1, transform: transform)
            } else {
                addLine(to: p1, transform: transform)
            }
            return
        }
        let (ux, uy) = (ax / la, ay / la)
        let (vx, vy) = (bx / lb, by / lb)
        // The angle at p1 between the two lines, and the tangent points' distance from p1.
        let cosine = Swift.min(1, Swift.max(-1, ux * vx + uy * vy))
        let half = acos(cosine) / 2
        let along = radius / tan(half)
        let t1 = CGPoint(x: p1.x + ux * along, y: p1.y + uy * along)
        let t2 = CGPoint(x: p1.x + vx * along, y: p1.y + vy * along)
        let (bisectorX, bisectorY) = (ux + vx, uy + vy)
        let lengthOfBisector = (bisectorX * bisectorX + bisectorY * bisectorY).squareRoot()
        let toCenter = radius / sin(half)
        let center = CGPoint(
            x: p1.x + bisectorX / lengthOfBisector * toCenter,
            y: p1.y + bisectorY / lengthOfBisector * toCenter)
        let start = atan2(t1.y - center.y, t1.x - center.x)
        let end = atan2(t2.y - center.y, t2.x - center.x)
        // The short way round, less than half a turn.
        var sweep = end - start
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        addArc(
            center: center, radius: radius, startAngle: start, endAngle: start + sweep, clockwise: sweep < 0,
            transform: transform)
    }

    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for step in path.steps {
            switch step {
            case .move(let p): steps.append(.move(to: p.applying(transform)))
            case .line(let p): steps.append(.line(to: p.applying(transform)))
            case .quadCurve(let p, let c):
                steps.append(.quadCurve(to: p.applying(transform), control: c.applying(transform)))
            case .curve(let p, let c1, let c2):
                steps.append(
                    .curve(
                        to: p.applying(transform), control1: c1.applying(transform),
                        control2: c2.applying(transform)))
            case .close: steps.append(.close)
            }
        }
    }

    /// `outline`'s contours (a compositor's shape, in the path's units), each a closed subpath.
    package func addOutline(_ outline: Path, transform: CGAffineTransform = .identity) {
        func point(_ p: SIMD2<Double>) -> CGPoint { CGPoint(x: CGFloat(p.x), y: CGFloat(p.y)) }
        for contour in outline.contours {
            move(to: point(contour.start), transform: transform)
            for segment in contour.segments {
                switch segment {
                case .line(let p): addLine(to: point(p), transform: transform)
                case .cubic(let p, let c1, let c2):
                    addCurve(to: point(p), control1: point(c1), control2: point(c2), transform: transform)
                }
            }
            closeSubpath()
        }
    }

    /// A line or curve with no subpath open starts one at its first point (framegen's choice;
    /// Core Graphics logs an error and adds nothing).
    private func startIfNeeded(at point: CGPoint, _ transform: CGAffineTransform) {
        if steps.isEmpty { move(to: point, transform: transform) }
    }

    /// The control-point distance of a cubic quarter circle of radius 1, 4/3 (sqrt 2 - 1).
    static let kappa: CGFloat = 4 / 3 * (2.0.squareRoot() - 1)
}
