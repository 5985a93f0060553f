import Foundation
import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenCompositor

/// A cell-like tree with each of the newer parts: a turned parent with masked, continuous corners
/// and a shadow, masked by a layer with a sublayer of its own; a gradient child; a shape child
/// whose path and dashed stroke reach out of its bounds; a translucent masked sibling in perspective.
private func canvas(scale: Double = 2) -> CanvasLayer {
    var parent = Layer(size: Size(width: 40, height: 40), position: Point(x: 30, y: 30))
    parent.transform = Transform3D.makeRotation(.pi / 7, 0, 0, 1)
    parent.backgroundColor = Color(r: 255, g: 0, b: 0)
    parent.cornerRadius = 12
    parent.cornerCurve = .continuous
    parent.maskedCorners = [.minXMinY, .maxXMaxY]
    parent.shadow = LayerShadow(color: .black, opacity: 0.6, radius: 3, offset: Point(x: 2, y: 3))
    var gradient = Layer(size: Size(width: 30, height: 20), position: Point(x: 20, y: 12))
    gradient.gradient = Gradient(
        colors: [Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255, a: 128)], locations: nil,
        start: SIMD2(0, 0), end: SIMD2(30, 20))
    var shape = Layer(size: Size(width: 20, height: 20), position: Point(x: 30, y: 30))
    var path = Path(polygon: [SIMD2(0, 0), SIMD2(35, 5), SIMD2(5, 30)])
    path.append(Path(polygon: [SIMD2(5, 5), SIMD2(15, 5), SIMD2(5, 15)]))
    shape.shape = LayerShape(path: path, fillColor: Color(r: 255, g: 255, b: 0), fillRule: .evenOdd)
    shape.shape?.stroke = Stroker.outline(
        of: [.move(SIMD2(0, 0)), .line(SIMD2(35, 5)), .line(SIMD2(5, 30))],
        style: StrokeStyle(lineWidth: 3, lineCap: .round, dashPattern: [6, 3]))
    shape.shape?.strokeColor = Color(r: 0, g: 255, b: 255, a: 200)
    parent.sublayers = [gradient, shape]
    var mask = Layer(size: Size(width: 30, height: 40), position: Point(x: 15, y: 20))
    mask.backgroundColor = .black
    mask.cornerRadius = 6
    var maskChild = Layer(size: Size(width: 20, height: 40), position: Point(x: 35, y: 20))
    maskChild.backgroundColor = Color(r: 0, g: 0, b: 0, a: 100)
    mask.sublayers = [maskChild]
    parent.mask = mask

    var sibling = parent
    sibling.position = Point(x: 90, y: 35)
    var turn = Transform3D.identity
    turn.m34 = -1 / 300
    sibling.transform = Transform3D.makeRotation(.pi / 4, 0, 1, 0).concatenating(turn)
    sibling.opacity = 0.7
    let view = ViewLayer(frame: Rect(x: 0, y: 0, width: 130, height: 70), layers: [parent, sibling])
    return CanvasLayer(
        pixelWidth: Int(130 * scale), pixelHeight: Int(70 * scale), scale: scale,
        background: .color(Color(r: 30, g: 30, b: 30)), views: [view])
}

@Test func masksGradientsAndShapesDrawnInBandsEqualOneRender() throws {
    let text = TextRenderer()
    let c = canvas(scale: 3)
    let whole = try Compositor.render(c, text: text)
    for bands in [2, 3, 7, 50] {
        try expect(Compositor.render(c, bands: bands, text: text).bytes == whole.bytes, "bands \(bands)")
    }
    // Occlusion never changes the bytes, masked layers included.
    try expect(Compositor.render(c, text: text, occlusion: false).bytes == whole.bytes)
}

@Test func aMaskClipsTheLayersShadowToo() throws {
    var layer = Layer(size: Size(width: 20, height: 20), position: Point(x: 20, y: 20))
    layer.backgroundColor = .white
    layer.shadow = LayerShadow(color: .black, opacity: 1, radius: 0, offset: Point(x: 10, y: 0))
    let background = Color(r: 200, g: 0, b: 0)
    func render(_ layer: Layer) throws -> Image {
        try Compositor.render(
            CanvasLayer(
                pixelWidth: 40, pixelHeight: 40, scale: 1, background: .color(background),
                views: [ViewLayer(frame: Rect(x: 0, y: 0, width: 40, height: 40), layers: [layer])]),
            text: TextRenderer())
    }
    // Unmasked, the shadow shows right of the layer (x 30..<40).
    try expect(render(layer)[35, 20] == Color.black.premultiplied)
    var mask = Layer(size: Size(width: 30, height: 20), position: Point(x: 10, y: 10))
    mask.backgroundColor = .black
    layer.mask = mask
    let masked = try render(layer)
    // The mask covers the layer's local x -5..<25 (canvas 5..<35): the shadow shows up to
    // x 35 only, the layer itself whole.
    expect(masked[32, 20] == Color.black.premultiplied)
    expect(masked[37, 20] == background.premultiplied)
    expect(masked[15, 20] == Color.white.premultiplied)
}

@Test func aGradientsColourAtAPointFollowsItsAxis() {
    // Red to half-transparent blue along the diagonal of a 100 x 50 rect: the point (60, 30)
    // projects at t = (60 * 100 + 30 * 50) / (100² + 50²) = 0.6.
    let g = Gradient(
        colors: [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 0, b: 255, a: 128)], locations: nil,
        start: SIMD2(0, 0), end: SIMD2(100, 50))
    // Straight components: r 0.4, b 0.6, alpha 0.4 + 0.6 · 128/255; premultiplied.
    let alpha = 0.4 + 0.6 * 128.0 / 255
    let p = g.color(at: SIMD2(60, 30))
    expect(p.a == UInt8((alpha * 255).rounded()))
    expect(p.r == UInt8((0.4 * alpha * 255).rounded()))
    expect(p.b == UInt8((0.6 * alpha * 255).rounded()))
    expect(p.g == 0)
    // Beyond the ends, the end colours.
    expect(g.color(at: SIMD2(-10, -10)) == Color(r: 255, g: 0, b: 0).premultiplied)
    expect(g.color(at: SIMD2(200, 100)) == Color(r: 0, g: 0, b: 255, a: 128).premultiplied)
    // Locations of another count than the colours spread them evenly.
    expect(
        Gradient(colors: [.black, .white, .black], locations: [0.5], start: .zero, end: SIMD2(1, 0))
            .locations == [0, 0.5, 1])
}

@Test func aGradientFillTakesEachPixelsColourAtItsCentreThroughTheMap() throws {
    // A 60 x 40 layer turned and in perspective; every covered pixel is the gradient's colour at
    // its centre mapped back to the layer (±1 for the two ways of rounding the same t).
    let g = Gradient(
        colors: [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255)],
        locations: [0, 0.3, 1], start: SIMD2(10, 0), end: SIMD2(50, 40))
    var turn = Transform3D.identity
    turn.m34 = -1 / 200
    let m = Transform3D.makeTranslation(-30, -20, 0).concatenating(.makeRotation(0.6, 1, 1, 0))
        .concatenating(turn).concatenating(.makeTranslation(40, 40, 0))
    let h = Homography(planar: m)
    let inverse = try #require(h.inverted)
    let mask = Rasterizer.coverage(
        of: Shapes.rect(Rect(x: 0, y: 0, width: 60, height: 40)).transformed(by: h), clip: (0, 0, 80, 80))
    var image = Image(width: 80, height: 80)
    Painter.fill(&image, gradient: g, deviceToLocal: inverse, coverage: mask)
    var checked = 0
    for y in mask.y..<(mask.y + mask.height) {
        for x in mask.x..<(mask.x + mask.width)
        where mask.data[(y - mask.y) * mask.width + (x - mask.x)] == 255 {
            let q = inverse.mapHomogeneous(SIMD2(Double(x) + 0.5, Double(y) + 0.5))
            let expected = g.color(at: SIMD2(q.x, q.y) / q.z)
            let p = image[x, y]
            expect(
                abs(Int(p.r) - Int(expected.r)) <= 1 && abs(Int(p.g) - Int(expected.g)) <= 1
                    && abs(Int(p.b) - Int(expected.b)) <= 1 && p.a == 255, "(\(x), \(y))")
            checked += 1
        }
    }
    expect(checked > 500)
}

@Test func aRadialGradientRunsFromItsCentreToTheEllipseThroughItsEndPoint() {
    // Centre (50, 50); end (70, 60): semi-axes 20 across, 10 down.
    let g = Gradient(
        .radial, colors: [.black, .white], locations: nil, start: SIMD2(50, 50), end: SIMD2(70, 60))
    func grey(_ t: Double) -> Pixel {
        let v = UInt8((min(t, 1) * 255).rounded())
        return Pixel(r: v, g: v, b: v, a: 255)
    }
    expect(g.color(at: SIMD2(50, 50)) == grey(0))
    expect(g.color(at: SIMD2(60, 50)) == grey(0.5))
    expect(g.color(at: SIMD2(50, 55)) == grey(0.5))
    expect(g.color(at: SIMD2(50, 60)) == grey(1))
    expect(g.color(at: SIMD2(50 + 20 * 0.6, 50 + 10 * 0.8)) == grey(1), "on the ellipse")
    expect(g.color(at: SIMD2(0, 0)) == grey(1))
    // No radius at all: the first colour everywhere.
    let point = Gradient(
        .radial, colors: [.black, .white], locations: nil, start: SIMD2(5, 5), end: SIMD2(5, 5))
    expect(point.color(at: SIMD2(40, 9)) == grey(0))
}

@Test func aConicGradientTurnsClockwiseFromTheDirectionOfItsEndPoint() {
    let g = Gradient(
        .conic, colors: [.black, .white], locations: nil, start: SIMD2(50, 50), end: SIMD2(50, 100))
    func grey(_ t: Double) -> Pixel {
        let v = UInt8((t * 255).rounded())
        return Pixel(r: v, g: v, b: v, a: 255)
    }
    // From straight down on screen, clockwise (y down): left, up, right.
    expect(g.color(at: SIMD2(50, 80)) == grey(0))
    expect(g.color(at: SIMD2(20, 50)) == grey(0.25))
    expect(g.color(at: SIMD2(50, 20)) == grey(0.5))
    expect(g.color(at: SIMD2(80, 50)) == grey(0.75))
    // Just clockwise of the start, t is near 0; just before it, near 1.
    expect(g.color(at: SIMD2(49, 99)).r < 3 && g.color(at: SIMD2(51, 99)).r > 252)
}

@Test func radialAndConicFillsTakeEachPixelsColourAtItsCentreThroughTheMap() throws {
    let m = Transform3D.makeTranslation(-30, -20, 0).concatenating(.makeRotation(0.6, 0, 0, 1))
        .concatenating(.makeScale(1.5, 1.5, 1)).concatenating(.makeTranslation(40, 40, 0))
    let h = Homography(planar: m)
    let inverse = try #require(h.inverted)
    let mask = Rasterizer.coverage(
        of: Shapes.rect(Rect(x: 0, y: 0, width: 60, height: 40)).transformed(by: h), clip: (0, 0, 80, 80))
    for kind in [Gradient.Kind.radial, .conic] {
        let g = Gradient(
            kind, colors: [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255)],
            locations: [0, 0.3, 1], start: SIMD2(30, 20), end: SIMD2(55, 35))
        var image = Image(width: 80, height: 80)
        Painter.fill(&image, gradient: g, deviceToLocal: inverse, coverage: mask)
        var checked = 0
        for y in mask.y..<(mask.y + mask.height) {
            for x in mask.x..<(mask.x + mask.width)
            where mask.data[(y - mask.y) * mask.width + (x - mask.x)] == 255 {
                let q = inverse.mapHomogeneous(SIMD2(Double(x) + 0.5, Double(y) + 0.5))
                expect(image[x, y] == g.color(at: SIMD2(q.x, q.y) / q.z), "\(kind) (\(x), \(y))")
                checked += 1
            }
        }
        expect(checked > 1000)
    }
}

/// A gradient Core Graphics draws (`Gradient.coreGraphicsTable`) over `width` x `height` device
/// pixels, axial along x from 0 to `width`, into an image whose pixel (0, 0) lies at `origin` on
/// the canvas.
private func tableFill(
    _ entries: [SIMD4<Double>], width: Int, height: Int, wide: Bool = false, origin: SIMD2<Int> = .zero
) -> Image {
    var g = Gradient(
        colors: [.black, .white], locations: nil, start: .zero, end: SIMD2(Double(width), 0))
    g.coreGraphicsTable = Gradient.CoreGraphicsTable(entries: entries, wideColumns: wide)
    var image = Image(width: width, height: height)
    image.canvasOrigin = origin
    let mask = CoverageMask(x: 0, y: 0, width: width, height: height, value: 255)
    Painter.fill(&image, gradient: g, deviceToLocal: .identity, coverage: mask)
    return image
}

@Test func coreGraphicsDithersEachComponentWithOneThresholdFromItsTile() {
    // One colour between fractional levels: each pixel reads floor(value + (k + 0.5) / 256),
    // k its rank in the 16 x 16 tile, the same k for red, green and blue; over any 16 x 16
    // cell the levels average to the value within 1/256, as an ordered dither's do.
    let value = SIMD4<Double>(100.5, 0.25, 254.9, 255)
    let image = tableFill(Array(repeating: value, count: 6), width: 32, height: 32)
    var sums = SIMD3<Double>(0, 0, 0)
    for y in 0..<16 {
        for x in 0..<16 {
            let p = image[x + 16, y + 16]
            let k = Int(Gradient.ditherTile[y * 16 + x])
            expect(p == image[x, y], "the tile repeats every 16 pixels (\(x), \(y))")
            expect(p.r == (k >= 128 ? 101 : 100) && p.g == (k >= 192 ? 1 : 0), "(\(x), \(y)) rank \(k)")
            expect(p.b == (k >= 26 ? 255 : 254) && p.a == 255, "(\(x), \(y)) rank \(k)")
            sums += SIMD3(Double(p.r), Double(p.g), Double(p.b))
        }
    }
    let mean = sums / 256
    expect(abs(mean.x - 100.5) <= 1 / 256 && abs(mean.y - 0.25) <= 1 / 256, "mean \(mean)")
    expect(Set(Gradient.ditherTile).count == 256, "the tile ranks 0...255 once each")
}

@Test func coreGraphicsDitherIsAnchoredAtTheCanvasAndRadialColumnsAreTwoPixelsWide() {
    let value = SIMD4<Double>(60.5, 60.5, 60.5, 255)
    let entries = Array(repeating: value, count: 6)
    let canvas = tableFill(entries, width: 48, height: 48)
    // An offscreen image placed at (5, 3) reads the canvas's pixels there.
    let offscreen = tableFill(entries, width: 32, height: 32, origin: SIMD2(5, 3))
    for y in 0..<32 {
        for x in 0..<32 { expect(offscreen[x, y] == canvas[x + 5, y + 3], "(\(x), \(y))") }
    }
    // A radial gradient reads column (x + 1) / 2 of the tile.
    let radial = tableFill(entries, width: 32, height: 16, wide: true)
    for y in 0..<16 {
        for x in 0..<32 {
            let k = Int(Gradient.ditherTile[y * 16 + ((x + 1) / 2) % 16])
            expect(radial[x, y].r == (k >= 128 ? 61 : 60), "(\(x), \(y))")
        }
    }
}

@Test func coreGraphicsTablesTakeTheLowerEntryOnATieAndTheExactEndsOutside() {
    // Four samples between the end colours, whole levels (no dither shows): the axis runs 0 to
    // 2 px, so pixel centres fall at t = 0.25 (a tie between samples 0 and 1: the lower), 0.75
    // (between 2 and 3: 2), and 1.25 (the end colour).
    let levels: [Double] = [7, 10, 20, 30, 40, 99]
    var g = Gradient(colors: [.black, .white], locations: nil, start: SIMD2(0, 0), end: SIMD2(2, 0))
    g.coreGraphicsTable = Gradient.CoreGraphicsTable(
        entries: levels.map { SIMD4($0, $0, $0, 255) }, wideColumns: false)
    var image = Image(width: 3, height: 1)
    Painter.fill(
        &image, gradient: g, deviceToLocal: .identity,
        coverage: CoverageMask(x: 0, y: 0, width: 3, height: 1, value: 255))
    expect((0..<3).map { Int(image[$0, 0].r) } == [10, 30, 99])
    // Before the start: the start colour itself.
    g.start = SIMD2(5, 0)
    g.end = SIMD2(7, 0)
    Painter.fill(
        &image, gradient: g, deviceToLocal: .identity,
        coverage: CoverageMask(x: 0, y: 0, width: 3, height: 1, value: 255))
    expect((0..<3).map { Int(image[$0, 0].r) } == [7, 7, 7])
}

@Test func coreGraphicsTableSizeIsAMultipleOfSixteenWithItsEnds() {
    // 16 floor(L / 16) + 14 samples for an axis L device pixels long, as fitted to iOS's
    // references: roundrect's 150 px square's diagonal (212.1 px) 222, ViewFactory's 1164 px
    // axis 1166.
    expect(Gradient.CoreGraphicsTable.samples(forLength: 212.13) == 222)
    expect(Gradient.CoreGraphicsTable.samples(forLength: 1164) == 1166)
    expect(Gradient.CoreGraphicsTable.samples(forLength: 0) == 14)
    expect(Gradient.CoreGraphicsTable.samples(forLength: .infinity) == 14)
    expect(
        Gradient.CoreGraphicsTable.samples(forLength: 1e12) <= Gradient.CoreGraphicsTable.maximumSamples + 14)
}
