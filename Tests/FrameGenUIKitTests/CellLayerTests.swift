import Foundation
import FrameGenGeometry
import FrameGenKit
import TestTiers
import Testing

import enum FrameGenRaster.Rasterizer
import enum FrameGenRaster.Shapes

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// Core Animation's layer properties a cell uses, drawn (docs/uikit.md "Cells"): masked and
// continuous corners, back faces, mask layers, gradients and shape fills. SwatchLayout
// (CellTests.swift) puts item 0 at (20, 10), 40 x 40 points; the canvas is black at scale 1.

/// A cell whose content view `setup` dresses (CellDrawingTests.swift draws with it too).
private final class ProbeCell: UICollectionViewCell {
    init(frame: CGRect, setup: (UIView) -> Void) {
        super.init(frame: frame)
        setup(contentView)
    }

    required init?(coder: NSCoder) { nil }
}

/// A view whose backing layer is a CAGradientLayer, as apps write gradient views.
private final class GradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
    var gradient: CAGradientLayer { layer as! CAGradientLayer }
}

/// Frame 0 of a 100 x 60 scene whose one item is a ProbeCell that `setup` dresses.
func renderCell(_ setup: @escaping @Sendable (UIView) -> Void) throws -> StraightImage {
    let folder = NSTemporaryDirectory() + "framegen-cell-layers-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 100, height: 60, scale: 1, background: "#000000"}
    content: {items: 1}
    layout: {type: swatches, cell: probe}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(type: "swatches", cells: ["probe": { ProbeCell(frame: $0, setup: setup) }]) {
            _ in SwatchLayout()
        }
    ]
    return try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
}

/// The area of pixel (x, y) inside the circle, by 400 x 400 samples.
private func areaInCircle(pixel x: Int, _ y: Int, centre: (Double, Double), radius: Double) -> Double {
    let n = 400
    var inside = 0
    for i in 0..<n {
        for j in 0..<n {
            let (px, py) = (
                Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n)
            )
            let (dx, dy) = (px - centre.0, py - centre.1)
            if dx * dx + dy * dy <= radius * radius { inside += 1 }
        }
    }
    return Double(inside) / Double(n * n)
}

@Test func maskedCornersRoundOnlyTheNamedCorners() throws {
    let image = try renderCell { content in
        content.backgroundColor = .white
        content.layer.cornerRadius = 10
        content.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    }
    // The top corners are quarter circles about (30, 20) and (50, 20): the corner pixel shows
    // the background, a pixel on the arc its covered area.
    expect(image[20, 10] == Color(r: 0, g: 0, b: 0))
    expect(image[59, 10] == Color(r: 0, g: 0, b: 0))
    // The arc is drawn as chords within Path.flatteningTolerance (0.1 pixel) inside it, so the
    // pixel's coverage lies between its areas inside circles of radius 9.9 and 10.
    let outer = areaInCircle(pixel: 21, 14, centre: (30, 20), radius: 10) * 255
    let inner = areaInCircle(pixel: 21, 14, centre: (30, 20), radius: 9.9) * 255
    expect(outer > 50 && outer < 200)
    let value = Double(image[21, 14].r)
    expect(
        value >= inner.rounded(.down) - 1 && value <= outer.rounded(.up) + 1, "\(value): \(inner)...\(outer)")
    // The bottom corners stay square.
    expect(image[20, 49] == Color(r: 255, g: 255, b: 255))
    expect(image[59, 49] == Color(r: 255, g: 255, b: 255))
}

@Test func continuousCornersReachTheCompositor() throws {
    // The cell's top rows under each curve are its rounded bounds' coverage (white over black),
    // and the continuous curve (docs/design/rendering.md §8.3), which leaves the edge 15.3
    // points from the corner rather than 10, differs from the circular one.
    func rows(_ curve: CALayerCornerCurve) throws -> (drawn: [UInt8], shape: [UInt8]) {
        let image = try renderCell { content in
            content.backgroundColor = .white
            content.layer.cornerRadius = 10
            content.layer.cornerCurve = curve
        }
        let shape = Shapes.roundedRect(
            Rect(x: 20, y: 10, width: 40, height: 40), radius: 10,
            curve: curve == .continuous ? .continuous : .circular)
        let coverage = Rasterizer.coverage(of: shape, clip: (0, 0, 100, 60))
        var drawn: [UInt8] = []
        var expected: [UInt8] = []
        for y in 10..<16 {
            for x in 20..<60 {
                drawn.append(image[x, y].r)
                expected.append(coverage.data[(y - coverage.y) * coverage.width + (x - coverage.x)])
            }
        }
        return (drawn, expected)
    }
    let continuous = try rows(.continuous)
    let circular = try rows(.circular)
    expect(continuous.drawn == continuous.shape)
    expect(circular.drawn == circular.shape)
    let difference = zip(continuous.drawn, circular.drawn).map { abs(Int($0) - Int($1)) }.max() ?? 0
    expect(difference > 20)
}

@Test func aLayerTurnedAwayIsNotDrawnWhenNotDoubleSided() throws {
    func centre(_ transform: CATransform3D, doubleSided: Bool) throws -> Color {
        try renderCell { content in
            content.backgroundColor = .white
            content.layer.transform = transform
            content.layer.isDoubleSided = doubleSided
        }[40, 30]
    }
    let white = Color(r: 255, g: 255, b: 255)
    let flipped = CATransform3DMakeRotation(.pi, 0, 1, 0)
    try expect(centre(flipped, doubleSided: true) == white)
    try expect(centre(flipped, doubleSided: false) == Color(r: 0, g: 0, b: 0))
    // Half a turn in its own plane shows the front.
    try expect(centre(CATransform3DMakeRotation(.pi, 0, 0, 1), doubleSided: false) == white)
}

@Test func aMaskLayersAlphaClipsTheLayerAndItsSublayers() throws {
    let image = try renderCell { content in
        content.backgroundColor = .white
        let child = UIView(frame: CGRect(x: 0, y: 20, width: 40, height: 20))
        child.backgroundColor = .green
        content.addSubview(child)
        // The mask: opaque over the left half, its sublayer at half alpha over the right half.
        let mask = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 40))
        mask.backgroundColor = .black
        let half = CALayer()
        half.frame = CGRect(x: 20, y: 0, width: 20, height: 40)
        half.backgroundColor = UIColor(white: 0, alpha: 0.5).cgColor
        mask.layer.addSublayer(half)
        content.mask = mask
    }
    expect(image[25, 15] == Color(r: 255, g: 255, b: 255))
    expect(image[25, 45] == Color(r: 0, g: 255, b: 0))
    // Alpha 0.5 is 128 of 255: the white and the green at 128 over black.
    expect(image[50, 15] == Color(r: 128, g: 128, b: 128))
    expect(image[50, 45] == Color(r: 0, g: 128, b: 0))
}

@Test func aGradientLayerInterpolatesItsColoursAlongItsAxis() throws {
    let image = try renderCell { content in
        let view = GradientView(frame: content.bounds)
        view.gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        view.gradient.locations = [0.25, 0.75]
        view.gradient.startPoint = CGPoint(x: 0, y: 0.5)
        view.gradient.endPoint = CGPoint(x: 1, y: 0.5)
        content.addSubview(view)
    }
    // Left of a quarter (x < 10 points into the cell), the first colour.
    expect(image[25, 30] == Color(r: 255, g: 0, b: 0))
    // Pixel column 30 has its centre 10.5 points in: t = 0.2625, 0.025 of the way from the
    // first stop to the second.
    expect(image[30, 30] == Color(r: 249, g: 0, b: 6))
    // Column 40: t = 20.5 / 40, 0.525 of the way.
    expect(image[40, 30] == Color(r: 121, g: 0, b: 134))
    expect(image[59, 30] == Color(r: 0, g: 0, b: 255))
}

@Test func aShapeLayerFillsItsPathWithItsRule() throws {
    func fill(_ rule: CAShapeLayerFillRule) throws -> StraightImage {
        try renderCell { content in
            let shape = CAShapeLayer()
            shape.frame = content.bounds
            let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40))
            path.append(UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 20, height: 20)))
            shape.path = path.cgPath
            shape.fillColor = UIColor.yellow.cgColor
            shape.fillRule = rule
            content.layer.addSublayer(shape)
        }
    }
    let yellow = Color(r: 255, g: 255, b: 0)
    let nonZero = try fill(.nonZero)
    expect(nonZero[22, 12] == yellow)
    expect(nonZero[40, 30] == yellow)
    let evenOdd = try fill(.evenOdd)
    expect(evenOdd[22, 12] == yellow)
    // The oval is a hole under even-odd.
    expect(evenOdd[40, 30] == Color(r: 0, g: 0, b: 0))
}

@Test func aShapeLayerFillsAPolygonWithAntialiasedEdges() throws {
    let image = try renderCell { content in
        content.backgroundColor = .white
        let shape = CAShapeLayer()
        shape.frame = content.bounds
        let path = UIBezierPath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 40, y: 0))
        path.addLine(to: CGPoint(x: 0, y: 40))
        path.close()
        shape.path = path.cgPath
        content.layer.addSublayer(shape)
    }
    // The default fill, opaque black, over the white content view: inside the triangle,
    // outside it, and on its hypotenuse x + y = 40 (points in the cell), where pixel (19, 20)
    // of the cell has its centre, so that half its area is inside.
    expect(image[25, 15] == Color(r: 0, g: 0, b: 0))
    expect(image[55, 45] == Color(r: 255, g: 255, b: 255))
    expect([127, 128].contains(image[39, 30].r), "\(image[39, 30])")
    expect(image[39, 30].g == image[39, 30].r)
}

private final class ShapeView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
}

@Test func gradientAndShapeLayersHaveApplesDefaultsAndCopies() {
    let g = CAGradientLayer()
    expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1))
    expect(g.type == .axial && g.colors == nil && g.locations == nil)
    g.colors = [UIColor.red.cgColor]
    g.locations = [0.5]
    let copy = CAGradientLayer(layer: g)
    expect((copy.colors?.first as? CGColor) == UIColor.red.cgColor && copy.locations == [0.5])
    let s = CAShapeLayer()
    expect(
        s.fillColor == CGColor.black && s.strokeColor == nil && s.lineWidth == 1 && s.fillRule == .nonZero)
    s.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).cgPath
    expect(CAShapeLayer(layer: s).path == s.path)
    // A view's layerClass makes its backing layer; UIView.mask sets the layer's mask.
    expect(ShapeView().layer is CAShapeLayer)
    expect(GradientView().layer is CAGradientLayer)
    let view = UIView()
    let mask = UIView()
    view.mask = mask
    expect(view.layer.mask === mask.layer && view.mask === mask)
}
