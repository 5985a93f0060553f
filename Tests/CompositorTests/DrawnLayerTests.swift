import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenCompositor

/// A photo grid as a scroll view shows it: cells of a fractional size (so their edges are
/// partly covered) holding minified and magnified photos at alpha 0.8 and 1, some with a border
/// and rounded corners, scrolled to `offset` (points) on a `scale` screen.
private func scrolledGrid(offset: Point, scale: Double, textures: [Texture]) -> CanvasLayer {
    var layers: [Layer] = []
    for k in 0..<12 {
        let side = 37.3
        var l = Layer(
            size: Size(width: side, height: side),
            position: Point(
                x: 20 + Double(k % 3) * 39.1 - offset.x, y: 15 + Double(k / 3) * 39.1 - offset.y))
        l.contents = LayerContents(texture: textures[k % textures.count], mode: .aspectFill)
        l.masksToBounds = true
        l.opacity = k % 4 == 1 ? 1 : 0.8
        if k % 5 == 2 {
            l.border = LayerBorder(width: 1.5, color: .white)
            l.cornerRadius = 6
        }
        layers.append(l)
    }
    let view = ViewLayer(frame: Rect(x: 3, y: 5, width: 110, height: 120), layers: layers)
    return CanvasLayer(
        pixelWidth: Int(120 * scale), pixelHeight: Int(130 * scale), scale: scale,
        background: .color(Color(r: 28, g: 28, b: 30)), views: [view])
}

private func photos() -> [Texture] {
    [(90, 70, 1), (23, 31, 2), (200, 160, 3)].map { w, h, seed in
        var texels = [UInt8]()
        var state = UInt32(seed)
        for _ in 0..<(w * h) {
            state = state &* 1_664_525 &+ 1_013_904_223
            texels += [
                UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 16), 90, 255,
            ]
        }
        return Texture(Image(width: w, height: h, straightRGBA: texels)!)
    }
}

/// Scrolling by whole device pixels, down and up, left and right, each frame drawn with the
/// drawings kept from the frames before gives exactly the bytes of drawing it afresh, and the
/// kept drawings are used.
@Test func wholePixelScrollingReusesDrawingsByteForByte() throws {
    let text = TextRenderer()
    let textures = photos()
    let scale = 3.0
    let cache = DrawnLayerCache(byteLimit: 64 << 20)
    var image = Image(width: 360, height: 390)
    // Offsets in device pixels: down, further down (cells leave and enter the clip), back up,
    // sideways, both.
    let steps: [(Int, Int)] = [
        (0, 0), (0, 4), (0, 9), (0, 17), (0, 12), (0, 2), (5, 2), (-3, 2), (-3, -6), (7, 11),
    ]
    for (x, y) in steps {
        let canvas = scrolledGrid(
            offset: Point(x: Double(x) / scale, y: Double(y) / scale), scale: scale, textures: textures)
        cache.beginFrame()
        try Compositor.render(canvas, rows: 0..<canvas.pixelHeight, into: &image, text: text, layers: cache)
        let fresh = try Compositor.render(canvas, text: text)
        expect(image.bytes == fresh.bytes, "offset \(x), \(y) px")
    }
    expect(cache.hits > 20)
    expect(cache.bytes <= cache.byteLimit)
}

/// A move by a fraction of a pixel is not a copy: it never reuses or keeps a drawing (and its
/// frames are still those of drawing afresh). Steps of 0.74 px: no cell lands a whole number
/// of pixels from where it, or another cell with the same photo, was (rows are 78.2 px apart).
@Test func fractionalScrollingDrawsAgain() throws {
    let text = TextRenderer()
    let textures = photos()
    let cache = DrawnLayerCache(byteLimit: 64 << 20)
    var image = Image(width: 240, height: 260)
    for k in 0..<6 {
        let canvas = scrolledGrid(
            offset: Point(x: 0, y: 0.3 + 0.37 * Double(k)), scale: 2, textures: textures)
        cache.beginFrame()
        try Compositor.render(canvas, rows: 0..<canvas.pixelHeight, into: &image, text: text, layers: cache)
        try expect(image.bytes == (try Compositor.render(canvas, text: text)).bytes, "frame \(k)")
    }
    expect(cache.hits == 0 && cache.stores == 0)
}

/// The kept drawings stay within the byte limit, dropping the least recently used; a limit
/// smaller than one drawing keeps nothing and still draws every frame right.
@Test func drawnLayerCacheStaysWithinItsLimit() throws {
    let text = TextRenderer()
    let textures = photos()
    for limit in [1 << 10, 200 << 10] {
        let cache = DrawnLayerCache(byteLimit: limit)
        var image = Image(width: 360, height: 390)
        for y in 0..<5 {
            let canvas = scrolledGrid(offset: Point(x: 0, y: Double(y)), scale: 3, textures: textures)
            cache.beginFrame()
            try Compositor.render(
                canvas, rows: 0..<canvas.pixelHeight, into: &image, text: text, layers: cache)
            try expect(image.bytes == (try Compositor.render(canvas, text: text)).bytes)
            expect(cache.bytes <= limit)
        }
    }
}
