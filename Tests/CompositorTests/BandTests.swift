import Foundation
import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenCompositor

/// Everything whose result could depend on how much of the frame a band holds: blurred
/// rounded shadows, analytic shadows, group opacity offscreen, rotation, perspective, a
/// pattern background, a view clip.
private func busyCanvas() -> CanvasLayer {
    var texels = [UInt8]()
    for j in 0..<40 {
        for i in 0..<40 { texels += [UInt8(i * 6), UInt8(j * 6), UInt8((i ^ j) * 4), 255] }
    }
    let texture = Texture(Image(width: 40, height: 40, straightRGBA: texels)!)
    var layers: [Layer] = []
    for k in 0..<9 {
        var l = Layer(
            size: Size(width: 50, height: 40),
            position: Point(x: 30 + Double(k % 3) * 45, y: 25 + Double(k / 3) * 45))
        l.contents = LayerContents(texture: texture, mode: .aspectFill)
        l.backgroundColor = Color(r: 200, g: 40, b: 90)
        l.border = LayerBorder(width: 2, color: .white)
        l.shadow = LayerShadow(color: .black, opacity: 0.6, radius: 2 + Double(k), offset: Point(x: 1, y: 3))
        l.cornerRadius = k % 2 == 0 ? 0 : 6
        l.opacity = k % 3 == 1 ? 0.7 : 1
        var t = Transform3D.makeRotation(0.2 * Double(k - 4), 0, 0, 1)
        if k >= 6 {
            var p = Transform3D.identity
            p.m34 = -1.0 / 300
            t = Transform3D.makeRotation(0.5, 0, 1, 0).concatenating(p)
        }
        l.transform = t
        layers.append(l)
    }
    let view = ViewLayer(frame: Rect(x: 4, y: 6, width: 150, height: 140), layers: layers)
    return CanvasLayer(
        pixelWidth: 160, pixelHeight: 151, scale: 1, background: .pattern(texture), views: [view])
}

@Test(.heavy, .tags(.heavy)) func bandsAreByteIdenticalToOneRender() throws {
    let text = TextRenderer()
    let canvas = busyCanvas()
    let whole = try Compositor.render(canvas, text: text)
    // The canvas is not blank: the shadows, the cells and the pattern all drew.
    expect(whole[0, 0] != whole[75, 70])
    for bands in [2, 3, 5, 7, 64, 151, 400] {
        let banded = try Compositor.render(canvas, bands: bands, text: text)
        expect(banded.bytes == whole.bytes, "bands \(bands)")
    }
}

@Test func renderingRowsLeavesOtherRowsAlone() throws {
    let text = TextRenderer()
    let canvas = busyCanvas()
    let whole = try Compositor.render(canvas, text: text)
    var image = Image(width: 160, height: 151, fill: Pixel(r: 1, g: 2, b: 3, a: 4))
    try Compositor.render(canvas, rows: 50..<90, into: &image, text: text)
    for y in [0, 49, 90, 150] { expect(image[80, y] == Pixel(r: 1, g: 2, b: 3, a: 4)) }
    for y in 50..<90 {
        for x in 0..<160 { expect(image[x, y] == whole[x, y]) }
    }
}

@Test func aReusedImageIsOverwrittenEvenUnderATransparentPattern() throws {
    let text = TextRenderer()
    // Half the pattern's texels are transparent: the rows must still not keep old bytes.
    var texels = [UInt8]()
    for i in 0..<16 { texels += i % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 0, 0] }
    let pattern = Texture(Image(width: 4, height: 4, straightRGBA: texels)!)
    let canvas = CanvasLayer(
        pixelWidth: 20, pixelHeight: 10, scale: 1, background: .pattern(pattern), views: [])
    let fresh = try Compositor.render(canvas, text: text)
    expect(fresh[1, 0] == .clear && fresh[0, 0] == Pixel(r: 255, g: 0, b: 0, a: 255))
    var reused = Image(width: 20, height: 10, fill: Pixel(r: 9, g: 9, b: 9, a: 9))
    try Compositor.render(canvas, rows: 0..<10, into: &reused, text: text)
    expect(reused.bytes == fresh.bytes)
}

@Test func layersHiddenByLaterOpaqueLayersAreNotSampledAndTheBytesStayTheSame() throws {
    let text = TextRenderer()
    // Overlapping opaque cells (rotated, perspective, image-backed), back to front.
    var texels = [UInt8]()
    for j in 0..<32 {
        for i in 0..<32 { texels += [UInt8(i * 8), UInt8(j * 8), 120, 255] }
    }
    let texture = Texture(Image(width: 32, height: 32, straightRGBA: texels)!)
    var layers: [Layer] = []
    for k in 0..<12 {
        var l = Layer(
            size: Size(width: 70, height: 60),
            position: Point(x: 40 + Double(k) * 9, y: 50 + Double(k % 4) * 7))
        l.contents = LayerContents(texture: texture, mode: k % 3 == 0 ? .scaleToFill : .aspectFill)
        l.masksToBounds = k % 3 != 0
        if k % 4 == 1 { l.backgroundColor = Color(r: 30, g: 200, b: 60) }
        if k % 5 == 2 { l.border = LayerBorder(width: 3, color: .white) }
        var p = Transform3D.identity
        p.m34 = -1.0 / 400
        l.transform =
            k % 2 == 0
            ? Transform3D.makeRotation(0.1 * Double(k), 0, 0, 1)
            : Transform3D.makeRotation(0.4 - 0.1 * Double(k), 0, 1, 0).concatenating(p)
        layers.append(l)
    }
    let view = ViewLayer(frame: Rect(x: 0, y: 0, width: 200, height: 120), layers: layers)
    let canvas = CanvasLayer(
        pixelWidth: 200, pixelHeight: 120, scale: 1, background: .color(.black), views: [view])
    let hidden = try Compositor.render(canvas, text: text)
    let drawn = try Compositor.render(canvas, text: text, occlusion: false)
    expect(hidden.bytes == drawn.bytes)
    // And occlusion really happens: a later layer's quad hides part of an earlier one's mask.
    let h = Compositor.localToDevice(layers[1], in: view, scale: 1)
    var mask = Rasterizer.coverage(
        of: Shapes.rect(Rect(x: 0, y: 0, width: 70, height: 60)).transformed(
            by: Compositor.localToDevice(layers[0], in: view, scale: 1)),
        clip: (0, 0, 200, 120))
    let before = mask.data.filter { $0 != 0 }.count
    Occluder(Rect(x: 0, y: 0, width: 70, height: 60), h)!.hide(in: &mask)
    expect(mask.data.filter { $0 != 0 }.count < before * 3 / 4)
}
