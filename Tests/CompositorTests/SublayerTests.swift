import Foundation
import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenCompositor

/// A cell-like tree: a turned, translucent, rounded parent that clips its sublayers, one of
/// which reaches out of it, and a second parent that does not clip, with a shadowed child.
private func treeCanvas(scale: Double = 2) -> CanvasLayer {
    var parent = Layer(size: Size(width: 40, height: 40), position: Point(x: 30, y: 30))
    parent.transform = Transform3D.makeRotation(.pi / 2, 0, 0, 1)
    parent.backgroundColor = Color(r: 255, g: 0, b: 0)
    var child = Layer(size: Size(width: 10, height: 10), position: Point(x: 10, y: 5))
    child.backgroundColor = Color(r: 0, g: 0, b: 255)
    var outside = Layer(size: Size(width: 10, height: 10), position: Point(x: 45, y: 20))
    outside.backgroundColor = Color(r: 0, g: 255, b: 0)
    parent.sublayers = [child, outside]

    var clipped = parent
    clipped.position = Point(x: 90, y: 30)
    clipped.masksToBounds = true
    clipped.cornerRadius = 8
    clipped.opacity = 0.5
    clipped.sublayers[0].shadow = LayerShadow(
        color: .black, opacity: 0.8, radius: 3, offset: Point(x: 2, y: 2))
    let view = ViewLayer(frame: Rect(x: 0, y: 0, width: 130, height: 70), layers: [parent, clipped])
    return CanvasLayer(
        pixelWidth: Int(130 * scale), pixelHeight: Int(70 * scale), scale: scale,
        background: .color(Color(r: 0, g: 0, b: 0)), views: [view])
}

@Test func sublayersAreFlattenedIntoTheirSuperlayersPlane() throws {
    let image = try Compositor.render(treeCanvas(), text: TextRenderer())
    // The child's centre (10, 5) in the parent's points is (-10, -15) from the parent's centre;
    // a quarter turn takes it to (15, -10), so (45, 20) in the view: pixels (90, 40).
    expect(image[90, 40] == Color(r: 0, g: 0, b: 255).premultiplied)
    // The unclipped green sublayer at (45, 20) -> (25, 5) from the centre -> (-5, 25): (25, 55)
    // in the view, outside the parent's bounds, still drawn.
    expect(image[50, 110] == Color(r: 0, g: 255, b: 0).premultiplied)
    // The clipping parent hides its green sublayer outside its bounds: (85, 55) in the view.
    expect(image[170, 110] == Color(r: 0, g: 0, b: 0).premultiplied)
    // Group opacity: the blue child over the red parent at half, as one group (blue at half
    // over black), not blue at half over red at half.
    expect(image[210, 40] == Color(r: 0, g: 0, b: 128).premultiplied)
}

@Test func treesDrawnInBandsEqualOneRender() throws {
    let text = TextRenderer()
    let canvas = treeCanvas(scale: 3)
    let whole = try Compositor.render(canvas, text: text)
    for bands in [2, 3, 7, 50] {
        try expect(
            try Compositor.render(canvas, bands: bands, text: text).bytes == whole.bytes, "bands \(bands)")
    }
}

/// Core Animation composites a layer's border above its sublayers (docs/design/rendering.md
/// §8.1): a cell whose content view fills it still shows the cell layer's border (Apple's
/// "Implementing Modern Collection Views" grid), clipped or not.
@Test(arguments: [false, true])
func theBorderIsDrawnAboveTheSublayers(clipping: Bool) throws {
    var cell = Layer(size: Size(width: 20, height: 20), position: Point(x: 10, y: 10))
    cell.border = LayerBorder(width: 2, color: Color(r: 255, g: 0, b: 0))
    cell.masksToBounds = clipping
    var content = Layer(size: Size(width: 20, height: 20), position: Point(x: 10, y: 10))
    content.backgroundColor = Color(r: 0, g: 0, b: 255)
    cell.sublayers = [content]
    let view = ViewLayer(frame: Rect(x: 0, y: 0, width: 20, height: 20), layers: [cell])
    let canvas = CanvasLayer(
        pixelWidth: 20, pixelHeight: 20, scale: 1, background: .color(.black), views: [view])
    let image = try Compositor.render(canvas, text: TextRenderer())
    expect(image[0, 10] == Color(r: 255, g: 0, b: 0).premultiplied)
    expect(image[19, 10] == Color(r: 255, g: 0, b: 0).premultiplied)
    expect(image[10, 10] == Color(r: 0, g: 0, b: 255).premultiplied)
}
