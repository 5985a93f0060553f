import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenCompositor

/// A random grid-like scene: cells scaled and moved (on whole pixels and not), some rotated or in
/// perspective, translucent or opaque, with and without corners, borders, shadows and background
/// colours, overlapping or not, some images translucent, in two views.
private func randomCells(seed: UInt64, background: Color) -> CanvasLayer {
    var random = SeededRandom(seed: seed)
    func texture(_ n: Int, opaque: Bool) -> Texture {
        var texels = [UInt8]()
        for j in 0..<n {
            for i in 0..<n {
                texels += [
                    UInt8(i * 255 / n), UInt8(j * 255 / n), UInt8((i ^ j) & 255),
                    opaque ? 255 : UInt8(40 + (i * j) % 200),
                ]
            }
        }
        return Texture(Image(width: n, height: n, straightRGBA: texels)!)
    }
    let textures = [
        texture(64, opaque: true), texture(23, opaque: true), texture(150, opaque: true),
        texture(32, opaque: false),
    ]
    func view(_ frame: Rect) -> ViewLayer {
        var layers: [Layer] = []
        for k in 0..<14 {
            let side = random.next(in: 8, 60)
            let whole = k % 2 == 0
            func coordinate(_ v: Double) -> Double { whole ? v.rounded() : v }
            var l = Layer(
                size: Size(width: coordinate(side), height: coordinate(side * random.next(in: 0.6, 1.4))),
                position: Point(
                    x: coordinate(random.next(in: 0, frame.width)),
                    y: coordinate(random.next(in: 0, frame.height))))
            l.contents = LayerContents(
                texture: textures[Int(random.next(in: 0, 4))],
                mode: [.scaleToFill, .aspectFill, .aspectFit][k % 3])
            l.masksToBounds = k % 4 != 1
            l.opacity = [1, 0.8, 0.5, 1][k % 4]
            if k % 5 == 3 { l.cornerRadius = 6 }
            if k % 7 == 2 { l.backgroundColor = Color(r: 200, g: 40, b: 60) }
            if k % 6 == 4 { l.border = LayerBorder(width: 2, color: .white) }
            if k % 9 == 5 {
                l.shadow = LayerShadow(color: .black, opacity: 0.6, radius: 4, offset: Point(x: 3, y: 5))
            }
            switch k % 8 {
            case 3: l.transform = .makeRotation(random.next(in: -0.5, 0.5), 0, 0, 1)
            case 6:
                var p = Transform3D.identity
                p.m34 = -1.0 / 300
                l.transform = Transform3D.makeRotation(random.next(in: -0.8, 0.8), 0, 1, 0).concatenating(p)
            case 7: l.transform = .makeScale(random.next(in: 0.5, 2), random.next(in: 0.5, 2), 1)
            default: break
            }
            layers.append(l)
        }
        return ViewLayer(frame: frame, layers: layers)
    }
    return CanvasLayer(
        pixelWidth: 180, pixelHeight: 150, scale: 1, background: .color(background),
        views: [
            view(Rect(x: 0, y: 0, width: 180, height: 100)), view(Rect(x: 20, y: 60, width: 140, height: 90)),
        ])
}

/// Cells over pixels nothing has drawn yet blend over the known background colour without
/// reading it: every frame must be byte for byte the frame drawn without that knowledge, over
/// opaque and translucent backgrounds, whole and in bands.
@Test func cellsOverTheUntouchedBackgroundGiveTheSameBytes() throws {
    let text = TextRenderer()
    for seed in UInt64(0)..<6 {
        for background in [Color(r: 28, g: 28, b: 30), Color(r: 90, g: 20, b: 200, a: 100)] {
            let canvas = randomCells(seed: seed, background: background)
            let known = try Compositor.render(canvas, text: text)
            let read = try Compositor.render(canvas, text: text, occlusion: false)
            expect(known.bytes == read.bytes, "seed \(seed), background \(background)")
            try expect(Compositor.render(canvas, bands: 3, text: text).bytes == read.bytes)
        }
    }
}

/// A layer's reach holds every pixel that drawing it changes.
@Test func aLayersReachHoldsEveryPixelItChanges() throws {
    let text = TextRenderer()
    for seed in UInt64(20)..<23 {
        let canvas = randomCells(seed: seed, background: Color(r: 28, g: 28, b: 30))
        for view in canvas.views {
            for layer in view.layers {
                let h = Compositor.localToDevice(layer, in: view, scale: 1)
                let clip: PixelBox = (0, 0, canvas.pixelWidth, canvas.pixelHeight)
                guard let reach = UntouchedBackground.reach(of: layer, h, scale: 1, clip: clip) else {
                    continue
                }
                let blank = Image(
                    width: canvas.pixelWidth, height: canvas.pixelHeight,
                    fill: Pixel(r: 1, g: 2, b: 3, a: 255))
                var drawn = blank
                try Compositor.draw(layer, h, into: &drawn, clip: clip, viewClip: clip, scale: 1, text: text)
                for y in 0..<blank.height {
                    for x in 0..<blank.width where drawn[x, y] != blank[x, y] {
                        expect(
                            x >= reach.x0 && x < reach.x1 && y >= reach.y0 && y < reach.y1,
                            "seed \(seed) (\(x), \(y))")
                    }
                }
            }
        }
    }
}
