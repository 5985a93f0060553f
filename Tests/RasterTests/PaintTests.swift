import Foundation
import FrameGenCodecs
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenRaster

@Test func fillBlendsByCoverage() {
    var canvas = Image(width: 4, height: 4, fill: Pixel(r: 255, g: 255, b: 255, a: 255))
    let mask = CoverageMask(x: 1, y: 1, width: 2, height: 1, data: [128, 255])
    Painter.fill(&canvas, color: Pixel(r: 255, g: 0, b: 0, a: 255), coverage: mask)
    // (128, 0, 0, 128) over white: 128 + 255 * 127 / 255 = 255 red, 127 green and blue.
    expect(canvas[1, 1] == Pixel(r: 255, g: 127, b: 127, a: 255))
    expect(canvas[2, 1] == Pixel(r: 255, g: 0, b: 0, a: 255))
    expect(canvas[0, 1] == Pixel(r: 255, g: 255, b: 255, a: 255))
    // A mask hanging off the canvas is clipped, not a crash.
    Painter.fill(&canvas, color: Pixel(r: 0, g: 0, b: 0, a: 255), coverage: .full((-10, 3, 100, 50)))
    expect(canvas[3, 3] == Pixel(r: 0, g: 0, b: 0, a: 255))
}

@Test func compositeAppliesGroupOpacity() {
    var canvas = Image(width: 6, height: 6, fill: Pixel(r: 0, g: 0, b: 0, a: 255))
    let layer = Image(width: 4, height: 4, fill: Pixel(r: 200, g: 100, b: 0, a: 255))
    Painter.composite(&canvas, layer: layer, at: (-1, 3), opacity: 128)
    // round(200·128/255) = 100, round(100·128/255) = 50, over opaque black.
    expect(canvas[0, 3] == Pixel(r: 100, g: 50, b: 0, a: 255))
    expect(canvas[2, 5] == Pixel(r: 100, g: 50, b: 0, a: 255))
    expect(canvas[3, 3] == Pixel(r: 0, g: 0, b: 0, a: 255))
    expect(canvas[0, 2] == Pixel(r: 0, g: 0, b: 0, a: 255))
    // Clipped: only inside the mask, scaled by its coverage (255 x 128 / 255 = 128 here).
    var clipped = Image(width: 6, height: 6)
    let clip = CoverageMask(x: 1, y: 1, width: 2, height: 1, data: [255, 128])
    Painter.composite(&clipped, layer: layer, at: (0, 0), clip: clip)
    expect(clipped[1, 1] == Pixel(r: 200, g: 100, b: 0, a: 255))
    expect(clipped[2, 1] == Pixel(r: 100, g: 50, b: 0, a: 128))
    expect(clipped[0, 0] == .clear && clipped[3, 1] == .clear)
}

@Test func degenerateMappingsDrawNothingAndPixelsBehindTheEyeAreSkipped() {
    let tex = Texture(Image(width: 8, height: 8, fill: Pixel(r: 9, g: 9, b: 9, a: 255)))
    var canvas = Image(width: 10, height: 10)
    let mask = CoverageMask.full((0, 0, 10, 10))
    Painter.drawTexture(
        &canvas, tex,
        deviceToTexture: Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 0),
        coverage: mask)
    Painter.drawTexture(
        &canvas, tex,
        deviceToTexture: Homography(
            m11: .infinity, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1), coverage: mask)
    expect(canvas.bytes.allSatisfy { $0 == 0 })
    // W = 4 - x: positive left of x = 4 (drawn), negative right of it (behind the eye: skipped).
    Painter.drawTexture(
        &canvas, tex,
        deviceToTexture: Homography(m11: 1, m12: 0, m13: -1, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 4),
        coverage: mask)
    expect(canvas[2, 5] == Pixel(r: 9, g: 9, b: 9, a: 255))
    expect(canvas[6, 5] == .clear && canvas[9, 5] == .clear)
}

@Test func textureOpacityAndCoverageScaleWithOneRounding() {
    let img = patternImage(width: 20, height: 20)
    var canvas = Image(width: 20, height: 20)
    let mask = CoverageMask(x: 0, y: 0, width: 20, height: 20, value: 200)
    Painter.drawTexture(&canvas, Texture(img), deviceToTexture: .identity, coverage: mask, opacity: 128)
    // value x 200/255 x 128/255, rounded once (not twice, as mul255 then scale would).
    func e(_ v: UInt8) -> UInt8 {
        let exact: Double = Double(v) * 200 * 128 / 65025
        return UInt8((exact + 0.5).rounded(.down))
    }
    for y in 0..<20 {
        for x in 0..<20 {
            let p = img[x, y]
            expect(canvas[x, y] == Pixel(r: e(p.r), g: e(p.g), b: e(p.b), a: e(p.a)))
        }
    }
}

/// Writes `image` as a PNG when RASTER_TEST_IMAGES names a directory (for looking at).
func writeForInspection(_ image: Image, _ name: String) {
    guard let dir = ProcessInfo.processInfo.environment["RASTER_TEST_IMAGES"] else { return }
    try? PNG.write(image, to: dir + "/" + name)
}

/// Nearest-neighbour enlargement of a crop, to see edges pixel by pixel.
func zoomed(_ image: Image, x: Int, y: Int, width: Int, height: Int, by k: Int) -> Image {
    var out = Image(width: width * k, height: height * k)
    for j in 0..<(height * k) {
        for i in 0..<(width * k) { out[i, j] = image[x + i / k, y + j / k] }
    }
    return out
}

@Test func renderedSceneForInspection() {
    var canvas = Image(width: 480, height: 320, fill: Pixel(r: 235, g: 235, b: 240, a: 255))
    let clip: PixelBox = (0, 0, 480, 320)
    // A card with a blurred shadow, continuous corners and a border.
    let card = Rect(x: 30, y: 30, width: 160, height: 110)
    let shadowMask = Blur.gaussian(
        Rasterizer.coverage(
            of: Shapes.roundedRect(card.offsetBy(dx: 0, dy: 8), radius: 24, curve: .continuous), clip: clip),
        sigma: 10)
    Painter.fill(&canvas, color: Color(r: 0, g: 0, b: 0, a: 110).premultiplied, coverage: shadowMask)
    Painter.fill(
        &canvas, color: Color(r: 255, g: 255, b: 255).premultiplied,
        coverage: Rasterizer.coverage(
            of: Shapes.roundedRect(card, radius: 24, curve: .continuous), clip: clip))
    Painter.fill(
        &canvas, color: Color(r: 0, g: 122, b: 255).premultiplied,
        coverage: Rasterizer.coverage(
            of: Shapes.border(card, width: 4, radius: 24, curve: .continuous), clip: clip))
    // A photo-like texture in perspective, rotated about y, clipped to rounded corners.
    var photo = Image(width: 128, height: 128)
    for y in 0..<128 {
        for x in 0..<128 {
            let check = ((x / 16) + (y / 16)) % 2 == 0
            photo[x, y] = Pixel(
                r: UInt8(x * 2), g: check ? 220 : 60, b: UInt8(255 - y * 2), a: 255)
        }
    }
    let tex = Texture(photo)
    let t = Transform3D.identity
    var m = t
    m.m34 = -1.0 / 500
    let rot = Transform3D.makeRotation(radians(40), 0, 1, 0).concatenating(m)
        .concatenating(Transform3D.makeTranslation(340, 170, 0))
    let local = Homography.translation(-100, -100).concatenating(Homography(planar: rot))  // local (u, v) in [0, 200]²
    let shape = Shapes.roundedRect(Rect(x: 0, y: 0, width: 200, height: 200), radius: 30).transformed(
        by: local)
    let cover = Rasterizer.coverage(of: shape, clip: clip)
    let toTexture = Homography.scale(200.0 / 128, 200.0 / 128).concatenating(local).inverted!
    Painter.drawTexture(&canvas, tex, deviceToTexture: toTexture, coverage: cover)
    // Stripes minified in perspective: grey with the mip chain.
    var stripes = Image(width: 256, height: 256)
    for y in 0..<256 {
        for x in 0..<256 {
            stripes[x, y] =
                x % 2 == 0 ? Pixel(r: 255, g: 255, b: 255, a: 255) : Pixel(r: 0, g: 0, b: 0, a: 255)
        }
    }
    let quad = [SIMD2(20.0, 200), SIMD2(200, 180), SIMD2(210, 300), SIMD2(10, 310)]
    let h = homography(from: quad, to: [SIMD2(0, 0), SIMD2(256, 0), SIMD2(256, 256), SIMD2(0, 256)])
    Painter.drawTexture(
        &canvas, Texture(stripes), deviceToTexture: h,
        coverage: Rasterizer.coverage(of: Path(polygon: quad), clip: clip))
    writeForInspection(canvas, "raster_scene.png")
    writeForInspection(zoomed(canvas, x: 150, y: 20, width: 60, height: 60, by: 8), "raster_zoom_corner.png")
    writeForInspection(
        zoomed(canvas, x: 370, y: 50, width: 60, height: 60, by: 8), "raster_zoom_perspective_edge.png")
    writeForInspection(
        zoomed(canvas, x: 150, y: 170, width: 60, height: 40, by: 8), "raster_zoom_stripes.png")
    // The card's middle is white, the shadow darkens below it, the texture landed on the right.
    expect(canvas[110, 85] == Pixel(r: 255, g: 255, b: 255, a: 255))
    expect(canvas[110, 150].r < 235)
    expect(cover[340, 170] == 255)
}

@Test func packedPixelArithmeticEqualsTheScalarBlend() {
    var rng = SeededRandom(seed: 7)
    func premultiplied() -> Pixel {
        let a = UInt8(truncatingIfNeeded: rng.next())
        func c() -> UInt8 { a == 0 ? 0 : UInt8(truncatingIfNeeded: rng.next() % (UInt64(a) + 1)) }
        return Pixel(r: c(), g: c(), b: c(), a: a)
    }
    for _ in 0..<200_000 {
        let s = premultiplied()
        let d = premultiplied()
        let k = UInt8(truncatingIfNeeded: rng.next())
        expect(
            PackedPixel.pixel(PackedPixel.sourceOver(PackedPixel.word(s), PackedPixel.word(d)))
                == sourceOver(s, d))
        expect(PackedPixel.pixel(PackedPixel.scale(PackedPixel.word(s), UInt32(k))) == scale(s, by: k))
    }
    // The extremes.
    let white = Pixel(r: 255, g: 255, b: 255, a: 255)
    for k in 0...255 {
        expect(
            PackedPixel.pixel(PackedPixel.scale(PackedPixel.word(white), UInt32(k)))
                == scale(white, by: UInt8(k)))
    }
}

/// The packed truncating scale (Core Graphics' fill by coverage) is the scalar one, every
/// channel value by every coverage: floor(c x k / 255).
@Test func packedTruncatingScaleIsTheScalarOne() {
    for c in 0...255 {
        let p = Pixel(r: UInt8(c), g: UInt8(255 - c), b: UInt8(c / 2), a: 255)
        for k in 0...255 {
            let packed = PackedPixel.pixel(PackedPixel.scaleTruncating(PackedPixel.word(p), UInt32(k)))
            let scalar = scaleTruncating(p, by: UInt8(k))
            expect(packed == scalar)
            expect(Int(scalar.r) == c * k / 255 && Int(scalar.a) == k)
        }
    }
}

/// Core Graphics rounds a fill's coverage-scaled colour down: a grey of 250 over white at a
/// coverage of 1 / 255 reads 254 (iOS's `render(in:)` of a grey circle's edge, thumbprint-ios's
/// avatars); rounded to the nearest, the scaled grey (0.98) would leave 255.
@Test func aTruncatingFillRoundsTheScaledColourDown() {
    for truncating in [false, true] {
        var image = Image(width: 1, height: 1, stride: 4, premultipliedBytes: [255, 255, 255, 255])!
        let mask = CoverageMask(x: 0, y: 0, width: 1, height: 1, data: [1])
        let grey = Pixel(r: 250, g: 250, b: 250, a: 255)
        Painter.fill(&image, color: grey, coverage: mask, truncating: truncating)
        expect(image.bytes[0] == (truncating ? 254 : 255))
    }
}

/// An opaque colour's fully covered runs are stored as runs of one word: the bytes of the
/// reference that blends every pixel on its own, for masks of runs of every length (0 to 40)
/// between partial and empty coverage, over translucent noise, clipped by the image's edges, in
/// opaque and translucent colours.
@Test func fillRunsGiveTheBytesOfThePixelByPixelFill() {
    var r = Bytes(state: 7)
    for colour in [Pixel(r: 20, g: 140, b: 250, a: 255), Pixel(r: 10, g: 70, b: 120, a: 128)] {
        for trial in 0..<20 {
            let (w, h) = (37 + trial, 9)
            var data: [UInt8] = []
            while data.count < (w + 6) * h {
                let run = Int(r.next() % 41)
                let kind = r.next() % 3
                let value: UInt8 = kind == 0 ? 255 : kind == 1 ? 0 : max(1, r.next() & 0xFE)
                data += [UInt8](repeating: value, count: run)
            }
            let mask = CoverageMask(
                x: -3, y: -1, width: w + 6, height: h, data: Array(data.prefix((w + 6) * h)))
            let base = noise(w, h - 1, seed: UInt32(trial), opaque: false)
            var runs = base
            var reference = base
            Painter.fill(&runs, color: colour, coverage: mask, spans: true)
            Painter.fill(&reference, color: colour, coverage: mask, spans: false)
            expect(runs.bytes == reference.bytes, "colour \(colour), trial \(trial)")
        }
    }
}

/// Premultiplying skips eight opaque pixels at a time: every pixel still gets `mul255` of its
/// alpha, whatever its place among opaque blocks, partial blocks and a short tail.
@Test func premultiplyingInPlaceMatchesEachPixelsPremultipliedColour() {
    var r = Bytes(state: 3)
    for count in [0, 1, 7, 8, 9, 16, 31, 33, 200] {
        var bytes: [UInt8] = []
        for i in 0..<count {
            // Runs of opaque pixels broken by translucent ones now and then.
            let a: UInt8 = (i / 8) % 3 == 0 || r.next() < 200 ? 255 : r.next()
            bytes += [r.next(), r.next(), r.next(), a]
        }
        var premultiplied = bytes
        premultiplyInPlace(&premultiplied)
        for i in 0..<count {
            let c = Color(r: bytes[i * 4], g: bytes[i * 4 + 1], b: bytes[i * 4 + 2], a: bytes[i * 4 + 3])
            let p = c.premultiplied
            expect(
                Array(premultiplied[(i * 4)..<(i * 4 + 4)]) == [p.r, p.g, p.b, p.a], "pixel \(i) of \(count)")
        }
    }
}

/// An image filled with one pixel holds it in every place, whole or by rows, at every size.
@Test func aFilledImageHoldsItsPixelEverywhere() {
    let pixel = Pixel(r: 1, g: 2, b: 3, a: 4)
    for (w, h) in [(1, 1), (3, 1), (1023, 1), (1024, 1), (1025, 1), (37, 60), (1000, 3)] {
        let image = Image(width: w, height: h, fill: pixel)
        let expected = Array(Array(repeating: [1, 2, 3, 4] as [UInt8], count: w * h).joined())
        expect(image.bytes == expected, "\(w) x \(h)")
        var rows = Image(width: w, height: h)
        rows.fill(pixel, rows: 0..<h)
        expect(rows.bytes == expected, "\(w) x \(h), by rows")
    }
}
