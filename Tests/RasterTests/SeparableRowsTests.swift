import TestTiers
import Testing

@testable import Raster

/// A deterministic pseudo-random byte stream (a linear congruential generator's high bits).
struct Bytes {
    var state: UInt32
    mutating func next() -> UInt8 {
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}

/// Translucent premultiplied noise (every channel <= alpha), so the blend and the scaling see
/// every kind of value.
func noise(_ width: Int, _ height: Int, seed: UInt32, opaque: Bool) -> Image {
    var r = Bytes(state: seed)
    var image = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let a = opaque ? 255 : r.next()
            image[x, y] = Pixel(r: mul255(r.next(), a), g: mul255(r.next(), a), b: mul255(r.next(), a), a: a)
        }
    }
    return image
}

/// The separable rows must give exactly the pixels of the per-pixel fixed-point loop they
/// replace: magnified, minified at one level and between two, flipped, at fractional offsets,
/// over translucent destinations, through partial coverage and opacity.
@Test func separableRowsMatchThePerPixelLoop() {
    let textures = [
        Texture(noise(37, 29, seed: 1, opaque: false)), Texture(noise(200, 120, seed: 2, opaque: true)),
        Texture(noise(1, 9, seed: 3, opaque: false)),
    ]
    let destination = noise(61, 47, seed: 4, opaque: false)
    var r = Bytes(state: 5)
    var mask = CoverageMask(x: 3, y: -2, width: 55, height: 45)
    for i in mask.data.indices {
        let v = r.next()
        mask.data[i] = v < 60 ? 0 : (v < 160 ? 255 : v)
    }
    let mappings: [(Double, Double, Double, Double)] = [
        (1, 1, 0, 0), (0.37, 0.41, 2.25, -1.5), (2.6, 1.9, -7.1, 3.3), (3.4, 3.1, 0.5, 0.5),
        (-2.2, 1.3, 120.4, 4), (1.3, -2.7, 0.1, 90.8), (7.9, 6.3, -30, -20), (0.9, 5.5, 11, 2),
    ]
    var plans = Set<String>()
    for texture in textures {
        for (sx, sy, tx, ty) in mappings {
            for opacity: UInt8 in [255, 204, 77] {
                let h = Homography(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: tx, m32: ty, m33: 1)
                var fast = destination
                var reference = destination
                Painter.drawTexture(
                    &fast, texture, deviceToTexture: h, coverage: mask, opacity: opacity, filter: .trilinear,
                    separable: true)
                Painter.drawTexture(
                    &reference, texture, deviceToTexture: h, coverage: mask, opacity: opacity,
                    filter: .trilinear,
                    separable: false)
                #expect(
                    fast == reference,
                    "\(texture.width)x\(texture.height) scale \(sx) x \(sy), opacity \(opacity)")
                #expect(fast != destination, "nothing drawn at scale \(sx) x \(sy)")
                texture.withSampler { s in plans.insert("\(s.plan(lod: LevelOfDetail.of(sx, 0, 0, sy)))") }
            }
        }
    }
    // Both kinds of plan ran: one level, and two levels mixed.
    #expect(plans.contains { $0.hasPrefix("level") } && plans.contains { $0.hasPrefix("blend") })
}

/// The lane forms of the level mix and of the scaling by coverage and opacity agree with the
/// scalar ones for every weight and scale, across the whole range of samples.
@Test func separableRowsArithmeticMatchesTheSampler() {
    var r = Bytes(state: 9)
    func sample() -> SIMD4<UInt32> {
        // Mostly arbitrary values, and the extremes a sum of four weighted texels can reach.
        func v() -> UInt32 {
            let pick = r.next()
            if pick < 16 { return 0 }
            if pick < 32 { return 255 << 24 }
            return
                (UInt32(r.next()) << 24 | UInt32(r.next()) << 16 | UInt32(r.next()) << 8 | UInt32(r.next()))
                % (255 << 24 + 1)
        }
        return SIMD4(v(), v(), v(), v())
    }
    Texture(Image(width: 1, height: 1)).withSampler { sampler in
        for _ in 0..<2000 {
            let p = sample()
            let q = sample()
            let t = UInt32(r.next())
            let mixed = SeparableRows.mix(p, q, t)
            let expected = sampler.mix(
                Sample(r: p.x, g: p.y, b: p.z, a: p.w), Sample(r: q.x, g: q.y, b: q.z, a: q.w), UInt64(t))
            #expect(mixed == SIMD4(expected.r, expected.g, expected.b, expected.a))
            for k: UInt32 in [1, 254, 255, 52020, 65024, 65025, UInt32(r.next()) * UInt32(r.next())]
            where k > 0 {
                let got = PackedPixel.pixel(SeparableRows.scaled(mixed, k))
                #expect(got == expected.pixel(scaledBy: k), "k \(k)")
            }
        }
    }
}

/// The multiply-and-shift division is exact over every value the scaling can produce.
@Test(.heavy, .tags(.heavy)) func divisionBy65025IsExactOverItsRange() {
    let magic = SeparableRows.divide65025Magic
    let shift = SeparableRows.divide65025Shift
    var wrong = 0
    for y in UInt64(0)...(255 * 65025 + 32512) where (y &* magic) >> shift != y / 65025 { wrong += 1 }
    #expect(wrong == 0)
}

/// The AVX2 pixel loop (CKernels) gives the Swift loop's bytes: rows long and short (the vector
/// part and the one-pixel tail), one level and two mixed, every kind of coverage and opacity,
/// over translucent destinations.
@Test(.enabled(if: SeparableRows.hasAVX2)) func vectorRowsMatchTheSwiftLoop() {
    let textures = [
        Texture(noise(37, 29, seed: 11, opaque: false)), Texture(noise(300, 180, seed: 12, opaque: true)),
    ]
    let destination = noise(83, 51, seed: 13, opaque: false)
    var r = Bytes(state: 14)
    var mask = CoverageMask(x: 0, y: 0, width: 83, height: 51)
    for i in mask.data.indices {
        let v = r.next()
        mask.data[i] = v < 40 ? 0 : (v < 180 ? 255 : v)
    }
    // Full coverage over the right half: whole vectors of it (at opacity 255, the rounding alone).
    for y in 0..<51 {
        for x in 40..<83 { mask.data[y * 83 + x] = 255 }
    }
    // Rows of every length from 1 to 20 pixels, then the whole width.
    var boxes: [PixelBox] = (1...20).map { (3, 2, 3 + $0, 9) }
    boxes.append((0, 0, 83, 51))
    boxes.append((41, 5, 83, 30))
    let scales: [(Double, Double, Double, Double)] = [
        (1, 1, 0, 0), (0.37, 0.41, 2.25, -1.5), (3.4, 3.1, 0.5, 0.5), (2.6, 1.9, -7.1, 3.3),
        (-2.2, 1.3, 120.4, 4),
    ]
    var drawn = 0
    for texture in textures {
        for (sx, sy, tx, ty) in scales {
            for opacity: UInt8 in [255, 204, 1] {
                for box in boxes {
                    let h = Homography(
                        m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: tx, m32: ty, m33: 1)
                    var images = [destination, destination]
                    texture.withSampler { s in
                        let plan = s.plan(lod: LevelOfDetail.of(sx, 0, 0, sy))
                        guard let spans = AffineSpans(h, plan: plan, box: box, sampler: s) else {
                            return
                        }
                        mask.data.withUnsafeBufferPointer { m in
                            for (i, vector) in [false, true].enumerated() {
                                images[i].bytes.withUnsafeMutableBufferPointer { out in
                                    let target = TextureTarget(
                                        sampler: s, box: box, coverage: mask, mask: m.baseAddress!,
                                        base: out.baseAddress!, stride: destination.stride, opacity: opacity)
                                    if SeparableRows.draw(target, spans, vector: vector) {
                                        drawn += i
                                    }
                                }
                            }
                        }
                    }
                    #expect(images[0] == images[1], "scale \(sx) x \(sy), opacity \(opacity), box \(box)")
                }
            }
        }
    }
    #expect(drawn > 200)
}

/// The AVX2 row that composites kept drawings (CKernels) gives `Painter.sourceOverRow`'s bytes:
/// opaque, zero and translucent words over translucent pixels, every row length up to 20.
@Test(.enabled(if: SeparableRows.hasAVX2)) func vectorSourceOverRowMatchesTheSwiftRow() {
    var r = Bytes(state: 21)
    let destination = noise(20, 1, seed: 22, opaque: false)
    for count in 0...20 {
        let words: [UInt32] = (0..<count).map { _ in
            let pick = r.next()
            if pick < 40 { return 0 }
            let a = pick < 90 ? 255 : r.next()
            return PackedPixel.word(
                Pixel(r: mul255(r.next(), a), g: mul255(r.next(), a), b: mul255(r.next(), a), a: a))
        }
        var images = [destination, destination]
        words.withUnsafeBufferPointer { w in
            images[0].bytes.withUnsafeMutableBufferPointer { out in
                Painter.sourceOverRow(w.baseAddress!, out.baseAddress!, count: count, vector: false)
            }
            images[1].bytes.withUnsafeMutableBufferPointer { out in
                Painter.sourceOverRow(w.baseAddress!, out.baseAddress!, count: count, vector: true)
            }
        }
        #expect(images[0] == images[1], "count \(count)")
    }
}
