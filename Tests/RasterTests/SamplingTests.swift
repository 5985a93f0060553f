import CFrameGenKernels
import Foundation
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenRaster

/// A deterministic premultiplied test pattern with varying alpha.
func patternImage(width: Int, height: Int) -> Image {
    var img = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let a = UInt8((x * 7 + y * 13) % 156 + 100)
            let c = Color(
                r: UInt8((x * 37 + y * 11) % 256), g: UInt8((x * 5 + y * 71) % 256), b: UInt8((x ^ y) % 256),
                a: a)
            img[x, y] = c.premultiplied
        }
    }
    return img
}

/// Slow, obvious bilinear at level-0 coordinate (u, v): clamp-to-edge, texel centres at +0.5.
func referenceBilinear(_ img: Image, _ u: Double, _ v: Double) -> SIMD4<Double> {
    let x = u - 0.5
    let y = v - 0.5
    let x0 = Int(x.rounded(.down))
    let y0 = Int(y.rounded(.down))
    let tx = x - Double(x0)
    let ty = y - Double(y0)
    func t(_ i: Int, _ j: Int) -> SIMD4<Double> {
        let p = img[min(max(i, 0), img.width - 1), min(max(j, 0), img.height - 1)]
        return SIMD4(Double(p.r), Double(p.g), Double(p.b), Double(p.a))
    }
    let top = t(x0, y0) * (1 - tx) + t(x0 + 1, y0) * tx
    let bottom = t(x0, y0 + 1) * (1 - tx) + t(x0 + 1, y0 + 1) * tx
    return top * (1 - ty) + bottom * ty
}

func channels(_ p: Pixel) -> SIMD4<Double> { SIMD4(Double(p.r), Double(p.g), Double(p.b), Double(p.a)) }

@Test func axisAlignedTextureAtIntegerPositionIsReproducedExactly() {
    let img = patternImage(width: 100, height: 100)
    let tex = Texture(img)
    for filter in [TextureFilter.trilinear, .bilinear] {
        var canvas = Image(width: 120, height: 130)
        Painter.drawTexture(
            &canvas, tex, deviceToTexture: .translation(-7, -9), coverage: .full((7, 9, 107, 109)),
            filter: filter)
        for y in 0..<100 {
            for x in 0..<100 { expect(canvas[x + 7, y + 9] == img[x, y], "\(x),\(y)") }
        }
        expect(canvas[6, 50] == .clear && canvas[107, 50] == .clear)
    }
}

@Test func fractionalOffsetsBlendByTheBilinearWeights() {
    let img = patternImage(width: 40, height: 30)
    let tex = Texture(img)
    var canvas = Image(width: 60, height: 50)
    // Device pixel (x, y) samples u = x + 0.5 - 5.25, v = y + 0.5 - 3.5: weights 1/4 and 1/2.
    Painter.drawTexture(
        &canvas, tex, deviceToTexture: .translation(-5.25, -3.5), coverage: .full((0, 0, 60, 50)))
    for y in 5..<30 {
        for x in 7..<42 {
            let i = x - 6  // u - 0.5 = x - 5.25 = (x - 6) + 0.75
            let j = y - 4  // v - 0.5 = (y - 4) + 0.5
            func t(_ a: Int, _ b: Int) -> SIMD4<Double> { channels(img[a, b]) }
            let top = t(i, j) * 0.25 + t(i + 1, j) * 0.75
            let bottom = t(i, j + 1) * 0.25 + t(i + 1, j + 1) * 0.75
            let e = ((top + bottom) * 0.5 + 0.5).rounded(.down)
            let expected = Pixel(r: UInt8(e.x), g: UInt8(e.y), b: UInt8(e.z), a: UInt8(e.w))
            expect(canvas[x, y] == expected, "\(x),\(y)")
        }
    }
}

/// The homography taking four points to four others (h22 = 1), by Gaussian elimination.
func homography(from src: [SIMD2<Double>], to dst: [SIMD2<Double>]) -> Homography {
    var m = [[Double]]()
    for k in 0..<4 {
        let (x, y, u, v) = (src[k].x, src[k].y, dst[k].x, dst[k].y)
        m.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
        m.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
    }
    for c in 0..<8 {
        let p = (c..<8).max { abs(m[$0][c]) < abs(m[$1][c]) }!
        m.swapAt(c, p)
        for r in 0..<8 where r != c {
            let f = m[r][c] / m[c][c]
            for k in c..<9 { m[r][k] -= f * m[c][k] }
        }
    }
    let h = (0..<8).map { m[$0][8] / m[$0][$0] }
    return Homography(
        m11: h[0], m12: h[3], m13: h[6], m21: h[1], m22: h[4], m23: h[7], m31: h[2], m32: h[5], m33: 1)
}

@Test func perspectiveMappingLandsTexelCentresWhereTheHomographySays() {
    let img = patternImage(width: 16, height: 16)
    let tex = Texture(img)
    // Four pixel centres of a strongly foreshortened quad onto four texel centres.
    let pixels = [SIMD2(20.5, 30.5), SIMD2(150.5, 10.5), SIMD2(170.5, 160.5), SIMD2(10.5, 120.5)]
    let texels = [SIMD2(1.5, 1.5), SIMD2(14.5, 1.5), SIMD2(14.5, 14.5), SIMD2(1.5, 14.5)]
    let h = homography(from: pixels, to: texels)
    var canvas = Image(width: 200, height: 200)
    let quad = Path(polygon: [SIMD2(20, 30), SIMD2(151, 10), SIMD2(171, 161), SIMD2(10, 121)])
    let mask = Rasterizer.coverage(of: quad, clip: (0, 0, 200, 200), antialiased: false)
    Painter.drawTexture(&canvas, tex, deviceToTexture: h, coverage: mask)
    for (p, t) in zip(pixels, texels) {
        expect(canvas[Int(p.x), Int(p.y)] == img[Int(t.x), Int(t.y)])
    }
    // Everywhere inside, the pixel is the bilinear sample at H(centre) (magnified: no mip),
    // within the weight quantisation (1/8192 an axis) and the final rounding.
    var checked = 0
    for y in 0..<200 {
        for x in 0..<200 where mask[x, y] == 255 {
            let uv = h.map(SIMD2(Double(x) + 0.5, Double(y) + 0.5))
            let ref = referenceBilinear(img, uv.x, uv.y)
            let diff = channels(canvas[x, y]) - ref
            let d = max(max(abs(diff.x), abs(diff.y)), max(abs(diff.z), abs(diff.w)))
            expect(d <= 0.6, "\(x),\(y)")
            checked += 1
        }
    }
    expect(checked > 10000)
    // An affine (non-perspective) interpolation of the same corners would be far off inside.
    let mid = h.map(SIMD2(90.5, 80.5))
    let affineGuess = (texels[0] + texels[1] + texels[2] + texels[3]) / 4
    expect(abs(mid.x - affineGuess.x) + abs(mid.y - affineGuess.y) > 1)
}

@Test func minifiedOnePixelStripesAverageToGrey() {
    var stripes = Image(width: 256, height: 256)
    for y in 0..<256 {
        for x in 0..<256 {
            stripes[x, y] =
                x % 2 == 0 ? Pixel(r: 255, g: 255, b: 255, a: 255) : Pixel(r: 0, g: 0, b: 0, a: 255)
        }
    }
    let tex = Texture(stripes)
    // Level 1 averages each black/white pair to 127.5, rounded to 128.
    expect(tex.image(level: 1)[10, 10] == Pixel(r: 128, g: 128, b: 128, a: 255))
    func spread(_ filter: TextureFilter) -> (min: Int, max: Int) {
        var canvas = Image(width: 120, height: 60)
        // 4.2 texels per pixel (level of detail 1.57 after the half-level sharpen bias, so
        // levels 1 and 2 only), with perspective on top in the right half.
        let h = Homography(m11: 4.2, m12: 0, m13: 0.002, m21: 0, m22: 4.2, m23: 0, m31: 0, m32: 0, m33: 1)
        Painter.drawTexture(&canvas, tex, deviceToTexture: h, coverage: .full((0, 0, 90, 60)), filter: filter)
        var lo = 255
        var hi = 0
        for y in 0..<60 {
            for x in 0..<90 {
                lo = min(lo, Int(canvas[x, y].g))
                hi = max(hi, Int(canvas[x, y].g))
            }
        }
        return (lo, hi)
    }
    let mip = spread(.trilinear)
    expect(mip.min >= 126 && mip.max <= 130)
    // Without the mip chain the same mapping aliases into bands (moiré).
    let plain = spread(.bilinear)
    expect(plain.max - plain.min > 100)
}

@Test func mipChainHandlesOddSizes() {
    let tex = Texture(Image(width: 100, height: 37, fill: Pixel(r: 10, g: 20, b: 30, a: 255)))
    let sizes = tex.levels.map { [$0.width, $0.height] }
    expect(sizes == [[100, 37], [50, 18], [25, 9], [12, 4], [6, 2], [3, 1], [1, 1]])
    // A uniform image stays uniform at every level.
    for k in tex.levels.indices {
        let l = tex.image(level: k)
        expect(l[l.width - 1, l.height - 1] == Pixel(r: 10, g: 20, b: 30, a: 255))
    }
    // 3 x 1 grey ramp 0, 100, 200 reduces with the [1 2 1] / 4 tent: (0 + 200 + 200) / 4 = 100.
    var ramp = Image(width: 3, height: 1)
    ramp[0, 0] = Pixel(r: 0, g: 0, b: 0, a: 255)
    ramp[1, 0] = Pixel(r: 100, g: 100, b: 100, a: 255)
    ramp[2, 0] = Pixel(r: 200, g: 200, b: 200, a: 255)
    expect(Texture(ramp).image(level: 1)[0, 0] == Pixel(r: 100, g: 100, b: 100, a: 255))
    // 2 x 2 -> 1: rounded mean of premultiplied values: (10 + 20 + 30 + 41) / 4 = 25.25 -> 25.
    var quad = Image(width: 2, height: 2)
    quad[0, 0] = Pixel(r: 10, g: 0, b: 0, a: 255)
    quad[1, 0] = Pixel(r: 20, g: 0, b: 0, a: 255)
    quad[0, 1] = Pixel(r: 30, g: 0, b: 0, a: 255)
    quad[1, 1] = Pixel(r: 41, g: 0, b: 0, a: 0xFF)
    expect(Texture(quad).image(level: 1)[0, 0] == Pixel(r: 25, g: 0, b: 0, a: 255))
}

@Test func levelOfDetailFollowsTheFootprint() {
    let lod = LevelOfDetail.of
    expect(lod(1, 0, 0, 1) == 0)
    expect(lod(0.5, 0, 0, 0.5) == 0)
    // Half a level sharper than the footprint (Skia's SkMipmap::ComputeLevel, GPU sharpen).
    expect(abs(lod(4, 0, 0, 1) - 1.5) < 1e-12)
    expect(abs(lod(0, 3, 0, 1) - (log2(3) - 0.5)) < 0.01)
    expect(lod(1.4, 0, 0, 1) == 0)
    for x in stride(from: 1.0, to: 1000, by: 0.37) {
        expect(abs(ckernels_fast_log2(SIMD4(repeating: x)).x - log2(x)) < 0.008)
    }
}

@Test func affineFixedPointSpansMatchTheFloatingPointPath() {
    let tex = Texture(patternImage(width: 64, height: 48))
    // Rotated by 23° and scaled: magnified (1.7 px a texel) and minified (0.37 px a texel).
    for scale in [1.7, 0.37] {
        let a = 23.0 * Double.pi / 180
        let toDevice =
            Homography.translation(-32, -24)
            .concatenating(
                Homography(
                    m11: cos(a) * scale, m12: sin(a) * scale, m13: 0, m21: -sin(a) * scale,
                    m22: cos(a) * scale, m23: 0, m31: 0, m32: 0, m33: 1)
            )
            .concatenating(.translation(90, 80))
        let affine = toDevice.inverted!
        // A perspective term too small to change W = 1, but it sends drawing down the per-pixel
        // floating-point path.
        var nearlyAffine = affine
        nearlyAffine.m13 = 1e-300
        expect(!nearlyAffine.isAffine)
        let mask = CoverageMask.full((0, 0, 180, 160))
        var fixed = Image(width: 180, height: 160)
        var float = Image(width: 180, height: 160)
        Painter.drawTexture(&fixed, tex, deviceToTexture: affine, coverage: mask)
        Painter.drawTexture(&float, tex, deviceToTexture: nearlyAffine, coverage: mask)
        var differing = 0
        for y in 0..<160 {
            for x in 0..<180 {
                let p = channels(fixed[x, y]) - channels(float[x, y])
                let d = max(max(abs(p.x), abs(p.y)), max(abs(p.z), abs(p.w)))
                expect(d <= 1, "\(scale) \(x),\(y)")
                if d != 0 { differing += 1 }
            }
        }
        expect(differing < 180 * 160 / 100)
    }
}

// docs/design/rendering.md §1.3's worked example (coverflow_1920x1080, cell 8): the planar homography of a
// CATransform3D, moved to the cell's centre, is the stored H_local_to_canvas.
@Test func planarHomographyMatchesThePeersWorkedExample() {
    let t = Transform3D(fields: [
        0.7771459615, 0, 0.629320391, -0.001258640782, 0, 1, 0, 0,
        -0.629320391, 0, 0.7771459615, -0.001554291923, 163.8, 0, -122.85, 1.2457,
    ])!
    let h = Homography.translation(-210, -210).concatenating(Homography(planar: t)).concatenating(
        .translation(960, 486))
    let n = 1 / h.m33
    let expected: [Double] = [
        -0.28552651, -0.405095046, -0.000833528902, 0, 0.662245268, 0, 960.396915, 346.928494, 1,
    ]
    let got = [h.m11, h.m12, h.m13, h.m21, h.m22, h.m23, h.m31, h.m32, h.m33].map { $0 * n }
    for (g, e) in zip(got, expected) { expect(abs(g - e) <= 1e-6 * max(1, abs(e))) }
    let corner = h.map(SIMD2(0, 0))
    expect(abs(corner.x - 960.397) < 1e-3 && abs(corner.y - 346.928) < 1e-3)
    // The inverse takes the corner back, and `a.concatenating(b)` applies a first, as
    // Transform3D's does.
    let back = h.inverted!.map(corner)
    expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
    expect(Homography.scale(2, 2).concatenating(.translation(5, 0)).map(SIMD2(1, 1)) == SIMD2(7, 2))
    // Transform3D and Homography agree on a planar map and on the order of composition.
    let (a, b) = (Transform3D.makeRotation(0.3, 0, 0, 1), Transform3D.makeTranslation(4, -2, 0))
    expect(
        Homography(planar: a.concatenating(b)) == Homography(planar: a).concatenating(Homography(planar: b)))
    let p = Homography(planar: a.concatenating(b)).map(SIMD2(3, 5))
    let q = a.concatenating(b).project(Point(x: 3, y: 5))
    expect(abs(p.x - q.x) < 1e-12 && abs(p.y - q.y) < 1e-12)
    expect(
        Homography(m11: 1, m12: 2, m13: 0, m21: 2, m22: 4, m23: 0, m31: 3, m32: 6, m33: 1).inverted == nil)
}

@Test func maskTextureTintsByCoverageAndToleratesEmptyMasks() {
    let mask = CoverageMask(x: 5, y: 6, width: 2, height: 1, data: [255, 51])
    let tex = Texture(mask: mask, color: Pixel(r: 0, g: 0, b: 100, a: 200))
    // round(100·51/255) = 20, round(200·51/255) = 40.
    expect(tex.image(level: 0)[1, 0] == Pixel(r: 0, g: 0, b: 20, a: 40))
    expect(tex.image(level: 0)[0, 0] == Pixel(r: 0, g: 0, b: 100, a: 200))
    let empty = Texture(mask: .empty(), color: Pixel(r: 0, g: 0, b: 0, a: 255))
    expect(empty.width == 1 && empty.image(level: 0)[0, 0] == .clear)
}
