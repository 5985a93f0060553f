import Foundation
import FrameGenGeometry
import FrameGenKit
import FrameGenLayout
import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// What a cell draws beyond filled shapes (docs/uikit.md "Cells"): shape layers' strokes, radial
// and conic gradient layers, and views' own draw(_:).
// `renderCell` (CellLayerTests.swift) puts the content view at (20, 10), 40 x 40 points, on a
// black canvas at scale 1.

private let red = Color(r: 255, g: 0, b: 0)
private let black = Color(r: 0, g: 0, b: 0)

@Test func aProgressRingStrokesItsFirstQuarterFromTheTop() throws {
    let image = try renderCell { content in
        let ring = CAShapeLayer()
        ring.frame = content.bounds
        // The ring every app draws: from the top, clockwise on screen.
        ring.path =
            UIBezierPath(
                arcCenter: CGPoint(x: 20, y: 20), radius: 15, startAngle: -.pi / 2, endAngle: 3 * .pi / 2,
                clockwise: true
            ).cgPath
        ring.fillColor = nil
        ring.strokeColor = UIColor.red.cgColor
        ring.lineWidth = 4
        ring.strokeEnd = 0.25
        content.layer.addSublayer(ring)
    }
    // On the ring (radius 13 to 17 about (40, 30) in the image): its top, and 45° on towards
    // the right, are drawn; its left and bottom are not, nor is the unfilled inside.
    expect(image[41, 15] == red)
    expect(image[50, 19] == red)
    expect(image[24, 30] == black)
    expect(image[40, 45] == black)
    expect(image[40, 30] == black)
    // The butt end at the rightmost point: the ring's pixels just past it are not drawn.
    expect(image[56, 32] == black)
    expect(image[55, 27] == red)
}

@Test func aShapeLayersStrokeIsDrawnOverItsFillCentredOnThePath() throws {
    let image = try renderCell { content in
        let box = CAShapeLayer()
        box.frame = content.bounds
        box.path = UIBezierPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20)).cgPath
        box.fillColor = UIColor.blue.cgColor
        box.strokeColor = UIColor.white.cgColor
        box.lineWidth = 4
        content.layer.addSublayer(box)
    }
    // The edge at x = 10 in the cell (30 in the image): the stroke covers 28..<32, over the fill.
    let white = Color(r: 255, g: 255, b: 255)
    expect(image[28, 30] == white && image[31, 30] == white)
    expect(image[27, 30] == black)
    expect(image[32, 30] == Color(r: 0, g: 0, b: 255))
    // Miter corners: the corner pixel outside the path is covered.
    expect(image[28, 18] == white)
}

@Test func shapeLayerStrokePropertiesHaveApplesDefaultsAndReachTheSnapshot() {
    let s = CAShapeLayer()
    expect(s.strokeColor == nil && s.lineWidth == 1 && s.lineCap == .butt && s.lineJoin == .miter)
    expect(s.miterLimit == 10 && s.strokeStart == 0 && s.strokeEnd == 1 && s.lineDashPattern == nil)
    expect(s.lineDashPhase == 0)
    var shape = LayerSnapshot.Shape(path: [], fillColor: nil, evenOdd: false)
    s.snapshotStroke(into: &shape)
    expect(shape.strokeColor == nil)
    s.strokeColor = UIColor.red.cgColor
    s.lineCap = .round
    s.lineJoin = .bevel
    s.lineDashPattern = [4, 2]
    s.snapshotStroke(into: &shape)
    expect(shape.strokeColor == LayerSnapshot.Color(red: 1, green: 0, blue: 0, alpha: 1))
    expect(shape.lineCap == .round && shape.lineJoin == .bevel && shape.lineDashPattern == [4, 2])
}

/// A view whose backing layer is a CAGradientLayer of `type`, white to black.
private final class TypedGradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
}

private func gradientCell(_ type: CAGradientLayerType, end: CGPoint) throws -> StraightImage {
    try renderCell { content in
        let view = TypedGradientView(frame: content.bounds)
        let g = view.layer as! CAGradientLayer
        g.type = type
        g.colors = [UIColor.white.cgColor, UIColor.black.cgColor]
        g.startPoint = CGPoint(x: 0.5, y: 0.5)
        g.endPoint = end
        content.addSubview(view)
    }
}

@Test func aRadialGradientLayerRunsOutToTheEllipseItsEndPointCorners() throws {
    // Centre (20, 20) of the 40 x 40 view; end (1, 1): semi-axes 20 and 20.
    let image = try gradientCell(.radial, end: CGPoint(x: 1, y: 1))
    func expected(_ x: Double, _ y: Double) -> Int {
        let t = min(((x - 20) * (x - 20) + (y - 20) * (y - 20)).squareRoot() / 20, 1)
        return Int((255 * (1 - t)).rounded())
    }
    // Pixel (x, y) of the view is (20 + x, 10 + y) in the image; its centre is at + 0.5.
    for (x, y) in [(20, 20), (30, 20), (20, 5), (33, 29), (0, 0), (39, 20)] {
        let p = image[20 + x, 10 + y]
        expect(abs(Int(p.r) - expected(Double(x) + 0.5, Double(y) + 0.5)) <= 1, "(\(x), \(y)) \(p)")
        expect(p.r == p.g && p.g == p.b)
    }
}

@Test func aConicGradientLayerTurnsClockwiseFromItsEndPoint() throws {
    // Centre (20, 20); end (1, 0.5): from the right, clockwise on screen.
    let image = try gradientCell(.conic, end: CGPoint(x: 1, y: 0.5))
    func expected(_ x: Double, _ y: Double) -> Int {
        var t = atan2(y - 20, x - 20) / (2 * .pi)
        if t < 0 { t += 1 }
        return Int((255 * (1 - t)).rounded())
    }
    for (x, y) in [(30, 20), (20, 30), (5, 22), (10, 5), (30, 12)] {
        let p = image[20 + x, 10 + y]
        expect(abs(Int(p.r) - expected(Double(x) + 0.5, Double(y) + 0.5)) <= 1, "(\(x), \(y)) \(p)")
    }
    // Just above the start direction the turn is nearly whole: nearly black.
    expect(image[20 + 35, 10 + 19].r < 10)
}

/// A badge as apps draw one in `draw(_:)`: a red disc (UIBezierPath.fill), a white bar across
/// it (the context's own path and stroke), a green square drawn through a scaled context, and a
/// blue square whose fill reaches past the bounds.
private final class DrawnBadgeView: UIView {
    var draws = 0
    var tint = UIColor.red

    override func draw(_ rect: CGRect) {
        draws += 1
        tint.setFill()
        UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)).fill()
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setStrokeColor(UIColor.white.cgColor)
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 10, y: 20))
        context.addLine(to: CGPoint(x: 30, y: 20))
        context.strokePath()
        context.saveGState()
        context.translateBy(x: 30, y: 30)
        context.scaleBy(x: 2, y: 2)
        context.setFillColor(UIColor.green.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        context.restoreGState()
        context.setFillColor(UIColor.blue.cgColor)
        context.fill(CGRect(x: -10, y: -10, width: 15, height: 15))
    }
}

@Test func aViewsDrawIsRecordedAndDrawnAsItsBackingStore() throws {
    let image = try renderCell { content in
        content.addSubview(DrawnBadgeView(frame: content.bounds))
    }
    // The view's pixel (x, y) is (20 + x, 10 + y) in the image.
    let white = Color(r: 255, g: 255, b: 255)
    expect(image[20 + 20, 10 + 10] == red)
    expect(image[20 + 20, 10 + 19] == white && image[20 + 11, 10 + 21] == white)
    expect(image[20 + 20, 10 + 23] == red)
    // The scaled square: (30, 30) to (40, 40), over the disc.
    expect(image[20 + 31, 10 + 31] == Color(r: 0, g: 255, b: 0))
    expect(image[20 + 39, 10 + 39] == Color(r: 0, g: 255, b: 0))
    expect(image[20 + 29, 10 + 29] == red)
    // The blue square is clipped to the bounds: (0, 0) to (5, 5) only.
    expect(image[20, 10] == Color(r: 0, g: 0, b: 255) && image[24, 14] == Color(r: 0, g: 0, b: 255))
    expect(image[19, 10] == black && image[20, 9] == black)
}

@Test func drawIsCalledWhenDueAndItsContextIsCurrentOnlyThen() throws {
    expect(UIGraphicsGetCurrentContext() == nil)
    let view = DrawnBadgeView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    let first = try #require(view.recordedDrawing())
    expect(first.parts.count == 4 && first.parts[0].shape.fillColor == UIColor.red.cgColor.snapshot)
    view.tint = .orange
    expect(view.recordedDrawing() == first && view.draws == 1, "no setNeedsDisplay: kept")
    view.setNeedsDisplay()
    expect(view.recordedDrawing()?.parts[0].shape.fillColor == UIColor.orange.cgColor.snapshot)
    expect(view.draws == 2)
    // A new size stretches the recording, unless the content mode is `.redraw`.
    view.bounds.size = CGSize(width: 80, height: 40)
    expect(view.recordedDrawing()?.size == Size(width: 40, height: 40) && view.draws == 2)
    view.contentMode = .redraw
    expect(view.recordedDrawing()?.size == Size(width: 80, height: 40) && view.draws == 3)
    // Views that do not draw record nothing; colours set outside draw(_:) go nowhere.
    expect(UIView(frame: view.frame).recordedDrawing() == nil)
    UIColor.red.setFill()
    UIBezierPath(rect: view.bounds).fill()
    expect(UIGraphicsGetCurrentContext() == nil)
}

/// A disc clipped to its left half (a rect clip), then a ring clipped by a path (the even-odd
/// inside of a square with a hole), saved and restored around each.
private final class ClippedView: UIView {
    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.clip(to: CGRect(x: 0, y: 0, width: 20, height: 40))
        UIColor.red.setFill()
        context.fillEllipse(in: bounds)
        context.restoreGState()
        let frame = UIBezierPath(rect: CGRect(x: 20, y: 0, width: 20, height: 20))
        frame.append(UIBezierPath(rect: CGRect(x: 25, y: 5, width: 10, height: 10)))
        frame.usesEvenOddFillRule = true
        context.saveGState()
        frame.addClip()
        UIColor.green.setFill()
        context.fill(bounds)
        context.restoreGState()
    }
}

@Test func clipsKeepWhatIsPaintedInsideThem() throws {
    let image = try renderCell { content in
        content.addSubview(ClippedView(frame: content.bounds))
    }
    let green = Color(r: 0, g: 255, b: 0)
    // The disc's left half only.
    expect(image[20 + 10, 10 + 20] == red)
    expect(image[20 + 30, 10 + 20] == black)
    // The green fill only in the square's frame, not its hole nor below it.
    expect(image[20 + 22, 10 + 2] == green && image[20 + 37, 10 + 17] == green)
    expect(image[20 + 30, 10 + 10] == black)
    expect(image[20 + 30, 10 + 30] == black)
}
