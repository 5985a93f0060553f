import Foundation
import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenCompositor

/// A canvas of `w` x `h` px at scale 1 with one full-canvas view holding `layers`.
private func render(
    _ layers: [Layer], w: Int = 64, h: Int = 64, background: Color = .black, sublayer: Transform3D? = nil
)
    throws -> Image
{
    let view = ViewLayer(
        frame: Rect(x: 0, y: 0, width: Double(w), height: Double(h)), sublayerTransform: sublayer,
        layers: layers)
    return try Compositor.render(
        CanvasLayer(pixelWidth: w, pixelHeight: h, scale: 1, background: .color(background), views: [view]),
        text: TextRenderer())
}

private func solid(_ c: Color, size: Size, at center: Point) -> Layer {
    var l = Layer(size: size, position: center)
    l.backgroundColor = c
    return l
}

/// A texture whose texel (i, j) has r = i * 2, g = j * 2 (distinct, known values).
private func gradientImage(_ w: Int, _ h: Int) -> Image {
    var bytes = [UInt8]()
    for j in 0..<h {
        for i in 0..<w { bytes += [UInt8(i * 2 % 256), UInt8(j * 2 % 256), 77, 255] }
    }
    return Image(width: w, height: h, straightRGBA: bytes)!
}

@Suite struct CompositorTests {
    @Test func axisAlignedImageAtIntegerPositionReproducesItsPixels() throws {
        let src = gradientImage(100, 100)
        var l = Layer(size: Size(width: 100, height: 100), position: Point(x: 60, y: 70))
        l.contents = LayerContents(texture: Texture(src), mode: .scaleToFill)
        let out = try render([l], w: 128, h: 128)
        for (x, y) in [(0, 0), (99, 0), (0, 99), (57, 33), (99, 99)] {
            expect(out[10 + x, 20 + y] == src[x, y])
        }
        expect(out[9, 20] == Color.black.premultiplied)
        expect(out[110, 20] == Color.black.premultiplied)
    }

    @Test func halfPixelOffsetBlendsNeighboursByBilinearWeights() throws {
        let src = gradientImage(16, 16)
        var l = Layer(size: Size(width: 16, height: 16), position: Point(x: 20.5, y: 20))
        l.contents = LayerContents(texture: Texture(src), mode: .scaleToFill)
        let out = try render([l], w: 40, h: 40)
        // Device pixel 15 samples texel coordinate 15.5 - 12.5 = 3.0: halfway between texels 2 and 3.
        let p = out[15, 15]
        let expected = (Int(src[2, 3].r) + Int(src[3, 3].r))
        expect(abs(Int(p.r) * 2 - expected) <= 2)
        expect(p.g == src[2, 3].g)
    }

    @Test func rotatedSquareEdgeCoverageMatchesTrueArea() throws {
        var l = solid(.white, size: Size(width: 30, height: 30), at: Point(x: 32, y: 32))
        l.transform = .makeRotation(0.3, 0, 0, 1)
        let out = try render([l])
        // Supersample the same square 64 x 64 per pixel for the true area.
        let c = cos(0.3)
        let s = sin(0.3)
        func inside(_ x: Double, _ y: Double) -> Bool {
            let dx = x - 32
            let dy = y - 32
            let u = dx * c + dy * s
            let v = -dx * s + dy * c
            return abs(u) <= 15 && abs(v) <= 15
        }
        var checked = 0
        for y in 10..<54 {
            for x in 10..<54 {
                var n = 0
                for j in 0..<64 {
                    for i in 0..<64
                    where inside(Double(x) + (Double(i) + 0.5) / 64, Double(y) + (Double(j) + 0.5) / 64) {
                        n += 1
                    }
                }
                let area = Double(n) / 4096
                if area > 0.05 && area < 0.95 {
                    expect(abs(Double(out[x, y].r) / 255 - area) <= 2.0 / 255 + 1.0 / 64, "pixel \(x),\(y)")
                    checked += 1
                }
            }
        }
        expect(checked > 40)
    }

    @Test func perspectiveCornersLandWhereTheMatrixSays() throws {
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        let m = Transform3D.makeRotation(0.6, 0, 1, 0).concatenating(t)
        var l = solid(.white, size: Size(width: 100, height: 100), at: Point(x: 100, y: 100))
        l.transform = m
        let view = ViewLayer(frame: Rect(x: 0, y: 0, width: 200, height: 200), layers: [l])
        let h = Compositor.localToDevice(l, in: view, scale: 1)
        // The matrix by hand: the corner (-50, -50, 0, 1) · m, divided by w, plus the position.
        let x = -50 * m.m11 + -50 * m.m21 + m.m41
        let y = -50 * m.m12 + -50 * m.m22 + m.m42
        let w = -50 * m.m14 + -50 * m.m24 + m.m44
        let corner = h.map(SIMD2(0, 0))
        expect(abs(corner.x - (100 + x / w)) < 1e-9)
        expect(abs(corner.y - (100 + y / w)) < 1e-9)
        let out = try render([l], w: 200, h: 200)
        // Just inside the projected corner is white, just outside is black.
        let cx = Int((100 + x / w).rounded())
        let cy = Int((100 + y / w).rounded())
        expect(out[cx + 3, cy + 4].r > 200)
        expect(out[cx - 3, cy - 3].r == 0)
    }

    @Test func halfAlphaOverKnownBackgroundBlendsExactly() throws {
        var l = solid(Color(r: 200, g: 100, b: 0), size: Size(width: 20, height: 20), at: Point(x: 32, y: 32))
        l.opacity = 0.5
        let out = try render([l], background: Color(r: 0, g: 0, b: 255))
        // 128/255 of the layer over the background, rounded: r = 200 * 128 / 255.
        let p = out[32, 32]
        expect(p.r == UInt8((200.0 * 128 / 255).rounded()))
        expect(p.g == UInt8((100.0 * 128 / 255).rounded()))
        expect(p.b == UInt8((255.0 * 127 / 255).rounded()))
    }

    @Test func groupOpacityDoesNotShowInnerParts() throws {
        var l = solid(.white, size: Size(width: 20, height: 20), at: Point(x: 32, y: 32))
        l.border = LayerBorder(width: 4, color: Color(r: 255, g: 0, b: 0))
        l.opacity = 0.5
        let out = try render([l])
        // Inside the border: the red border alone at half opacity, not white showing through.
        let p = out[23, 32]
        expect(p.r == 128 && p.g == 0)
    }

    @Test func layersDrawInTheGivenOrder() throws {
        // The caller (FrameComposer) sorts by zIndex; the compositor paints back to front.
        let a = solid(.white, size: Size(width: 20, height: 20), at: Point(x: 32, y: 32))
        let b = solid(Color(r: 255, g: 0, b: 0), size: Size(width: 20, height: 20), at: Point(x: 32, y: 32))
        try expect(render([a, b])[32, 32].g == 0)
        try expect(render([b, a])[32, 32].g == 255)
    }

    @Test func shadowProfileFollowsTheGaussian() throws {
        var l = Layer(size: Size(width: 60, height: 60), position: Point(x: 50, y: 50))
        l.shadow = LayerShadow(color: .white, opacity: 1, radius: 4, offset: .zero)
        l.backgroundColor = nil
        l.border = LayerBorder(width: 0.0001, color: .clear)
        let out = try render([l], w: 100, h: 100)
        // Across the left edge x = 20, the shadow of a half plane is Phi((x - 20) / sigma).
        for x in 8..<32 {
            let d = ((Double(x) + 0.5) - 20) / 4
            let expected = 0.5 * erfc(-d / 2.0.squareRoot()) * 255
            expect(abs(Double(out[x, 50].r) - expected) <= 2.5, "x = \(x)")
        }
    }

    @Test func pointBehindTheEyeIsClippedNotGarbage() throws {
        var t = Transform3D.identity
        t.m34 = -1.0 / 100
        var l = solid(.white, size: Size(width: 200, height: 60), at: Point(x: 100, y: 100))
        l.transform = Transform3D.makeRotation(1.2, 0, 1, 0).concatenating(t)
        let out = try render([l], w: 200, h: 200)
        // One side of the layer lies behind the eye; what remains is drawn, the canvas is not
        // flooded and nothing is NaN garbage.
        var white = 0
        for y in 0..<200 { for x in 0..<200 where out[x, y].r > 128 { white += 1 } }
        expect(white > 100)
        expect(white < 200 * 200)
    }

    @Test func diagonalEdgeMatchesSupersampledReference() throws {
        var l = solid(.white, size: Size(width: 40, height: 40), at: Point(x: 32, y: 32))
        l.transform = .makeRotation(.pi / 4, 0, 0, 1)
        let out = try render([l])
        let half = 20.0
        var worst = 0.0
        for y in 0..<64 {
            for x in 0..<64 {
                var n = 0
                for j in 0..<16 {
                    for i in 0..<16 {
                        let px = Double(x) + (Double(i) + 0.5) / 16 - 32
                        let py = Double(y) + (Double(j) + 0.5) / 16 - 32
                        if abs(px) + abs(py) <= half * 2.0.squareRoot() { n += 1 }
                    }
                }
                worst = max(worst, abs(Double(out[x, y].r) - Double(n) / 256 * 255))
            }
        }
        // No staircase: every pixel within a 16x16 supersample's own error of the reference.
        expect(worst <= 255.0 / 16)
    }

    @Test func aliasedModeHasOnlyFullOrEmptyPixels() throws {
        var l = solid(.white, size: Size(width: 30, height: 30), at: Point(x: 32, y: 32))
        l.transform = .makeRotation(0.3, 0, 0, 1)
        l.allowsEdgeAntialiasing = false
        let out = try render([l])
        for y in 0..<64 { for x in 0..<64 { expect(out[x, y].r == 0 || out[x, y].r == 255) } }
    }

    @Test func aspectFitAndFillPlaceTheImage() {
        let c = LayerContents(texture: Texture(gradientImage(200, 100)), mode: .aspectFit)
        expect(
            c.imageRect(in: Size(width: 100, height: 100), scale: 1)
                == Rect(x: 0, y: 25, width: 100, height: 50))
        var f = c
        f.mode = .aspectFill
        expect(
            f.imageRect(in: Size(width: 100, height: 100), scale: 1)
                == Rect(x: -50, y: 0, width: 200, height: 100))
        f.inset = 10
        expect(
            f.imageRect(in: Size(width: 100, height: 100), scale: 1)
                == Rect(x: -30, y: 10, width: 160, height: 80))
    }

    @Test func clipsToBoundsCutsAspectFillOverflow() throws {
        var l = Layer(size: Size(width: 20, height: 20), position: Point(x: 32, y: 32))
        l.contents = LayerContents(
            texture: Texture(Image(width: 40, height: 20, fill: Color.white.premultiplied)), mode: .aspectFill
        )
        try expect(render([l])[15, 32].r == 255)
        l.masksToBounds = true
        try expect(render([l])[15, 32].r == 0)
        try expect(render([l])[32, 32].r == 255)
    }

    @Test func roundedCornersCutTheBackground() throws {
        var l = solid(.white, size: Size(width: 40, height: 40), at: Point(x: 32, y: 32))
        l.cornerRadius = 10
        let out = try render([l])
        expect(out[12, 12].r == 0)
        expect(out[32, 12].r == 255)
    }

    @Test func borderIsInsideTheBoundsAndOverTheContents() throws {
        var l = Layer(size: Size(width: 20, height: 20), position: Point(x: 32, y: 32))
        l.contents = LayerContents(
            texture: Texture(Image(width: 4, height: 4, fill: Color.white.premultiplied)), mode: .scaleToFill)
        l.border = LayerBorder(width: 3, color: Color(r: 255, g: 0, b: 0))
        let out = try render([l])
        expect(out[22, 32] == Color(r: 255, g: 0, b: 0).premultiplied)
        expect(out[24, 32] == Color(r: 255, g: 0, b: 0).premultiplied)
        expect(out[25, 32] == Color.white.premultiplied)
        expect(out[21, 32] == Color.black.premultiplied)
    }

    @Test func textIsDrawnCentredInTheLayer() throws {
        var l = Layer(size: Size(width: 60, height: 30), position: Point(x: 32, y: 32))
        l.text = LayerText(string: "IIII", fontSize: 20, bold: true, color: .white)
        let out = try render([l])
        var xs: [Int] = []
        for y in 0..<64 { for x in 0..<64 where out[x, y].r > 128 { xs.append(x) } }
        expect(!xs.isEmpty)
        let mid = Double(xs.min()! + xs.max()!) / 2
        expect(abs(mid - 31.5) <= 1.5)
    }

    @Test func nonFiniteTransformMakesTheLayerInvisible() throws {
        var l = solid(.white, size: Size(width: 20, height: 20), at: Point(x: 32, y: 32))
        l.transform.m11 = .nan
        try expect(render([l])[32, 32].r == 0)
    }

    @Test func viewFrameClipsItsLayers() throws {
        let l = solid(.white, size: Size(width: 40, height: 40), at: Point(x: 10, y: 10))
        let view = ViewLayer(frame: Rect(x: 20, y: 20, width: 20, height: 20), layers: [l])
        let out = try Compositor.render(
            CanvasLayer(pixelWidth: 64, pixelHeight: 64, scale: 1, background: .color(.black), views: [view]),
            text: TextRenderer())
        expect(out[25, 25].r == 255)
        expect(out[45, 25].r == 0)
        expect(out[10, 10].r == 0)
    }
}
