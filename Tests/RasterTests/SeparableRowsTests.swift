import TestTiers
import Testing

@testable import FrameGenRaster

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

/// The separable rows must give exactly the pixels of the reference arithmetic drawn pixel by
/// pixel: magnified, minified at one level and between two, flipped, at fractional offsets,
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
                expect(
                    fast == reference,
                    "\(texture.width)x\(texture.height) scale \(sx) x \(sy), opacity \(opacity)")
                expect(fast != destination, "nothing drawn at scale \(sx) x \(sy)")
                _ = texture.withSampler { s in plans.insert("\(s.plan(lod: LevelOfDetail.of(sx, 0, 0, sy)))")
                }
            }
        }
    }
    // Both kinds of plan ran: one level, and two levels mixed.
    expect(plans.contains { $0.hasPrefix("level") } && plans.contains { $0.hasPrefix("blend") })
}

/// The scaling by coverage c and opacity o in 16 bits: at full coverage and opacity it is p
/// rounded half up, for every p; elsewhere round(p · c · o / (128 · 65025)) but for at most
/// 0.2 % of (p, c, o), never more than one level off, and the same on average
/// (docs/design/rendering.md §7.2).
@Test func scalingByCoverageAndOpacity() {
    expect(SeparableRows.factor(255, 255) == 65535)
    var off = 0
    var bias = 0
    var count = 0
    for p in UInt32(0)...(255 * 128) {
        expect(SeparableRows.scale(SIMD4(repeating: p), 65535) & 255 == (p + 64) >> 7)
        // Elsewhere every seventh p (debug builds are slow).
        guard p % 7 == 0 else { continue }
        for c: UInt8 in [255, 200, 128, 37, 1] {
            for o: UInt8 in [255, 204, 128, 77, 3] {
                let got = Int(SeparableRows.scale(SIMD4(repeating: p), SeparableRows.factor(c, o)) & 255)
                let k = UInt64(c) * UInt64(o)
                let exact = Int((2 * UInt64(p) * k + 128 * 65025) / (2 * 128 * 65025))
                if got != exact {
                    off += 1
                    expect(abs(got - exact) == 1, "p \(p), c \(c), o \(o)")
                }
                bias += got - exact
                count += 1
            }
        }
    }
    expect(off * 500 < count)
    expect(abs(bias) * 1000 < count)
}

/// The 8.7 mix of two values by w / 2ⁿ is the rounded weighted sum, which the vector loop
/// computes as a + round((b − a) · w / 2ⁿ) with `vpmulhrsw` ((x · (w << (15 − n)) + 2¹⁴) >> 15).
@Test func lerpIsTheRoundedWeightedSum() {
    var r = Bytes(state: 7)
    for _ in 0..<20000 {
        let a = (UInt32(r.next()) << 8 | UInt32(r.next())) % (255 * 128 + 1)
        let b = (UInt32(r.next()) << 8 | UInt32(r.next())) % (255 * 128 + 1)
        for n: UInt32 in [7, 8] {
            let w = UInt32(r.next()) % (1 << n)
            let got = SeparableRows.lerp(SIMD4(repeating: a), SIMD4(repeating: b), w, bits: n).x
            let sum = (Double(a) * Double((1 << n) - w) + Double(b) * Double(w)) / Double(1 << n)
            expect(got == UInt32((sum + 0.5).rounded(.down)))
            let d = Int32(b) - Int32(a)
            let mulhrs = (d * Int32(w << (15 - n)) + (1 << 14)) >> 15
            expect(got == UInt32(Int32(a) + mulhrs))
        }
    }
}

/// A scaled texture's pixels from the arithmetic's definition, independently of the loops: a
/// 4 x 1 texture drawn 2x larger, so pixel centres fall at texel positions x / 2 − 0.25, a
/// quarter of a texel either side of a texel centre (weight 32 or 96 of 128), at opacity 204
/// and one pixel partly covered.
@Test func scaledTextureFollowsTheSpec() {
    var image = Image(width: 4, height: 1)
    let texels: [UInt8] = [0, 40, 200, 255]
    for (x, v) in texels.enumerated() { image[x, 0] = Pixel(r: v, g: v / 2, b: 255 - v, a: 255) }
    let texture = Texture(image)
    var mask = CoverageMask(x: 0, y: 0, width: 8, height: 2)
    for i in mask.data.indices { mask.data[i] = 255 }
    mask.data[5] = 100
    let h = Homography(m11: 0.5, m12: 0, m13: 0, m21: 0, m22: 0.5, m23: 0, m31: 0, m32: 0, m33: 1)
    for vector in InstructionSet.cpu >= .avx2 ? [false, true] : [false] {
        for separable in [false, true] {
            var out = Image(width: 8, height: 2)
            Painter.drawTexture(
                &out, texture, deviceToTexture: h, coverage: mask, opacity: 204, filter: .bilinear,
                separable: separable, vector: vector)
            for x in 0..<8 {
                // Texel coordinate x / 2 + 0.25 − 0.5: texel i = its floor (clamped to the
                // edge), the next one weighted by 128 · its fraction.
                let u = Double(x) / 2 - 0.25
                let i = Int(u.rounded(.down))
                let w = Int((u - Double(i)) * 128)
                func channel(_ f: (Pixel) -> UInt8) -> UInt8 {
                    let t0 = Int(f(image[max(i, 0), 0]))
                    let t1 = Int(f(image[min(i + 1, 3), 0]))
                    // One texel row: V = 128 · texel; H = (V0 (128 − w) + V1 w + 64) >> 7.
                    let p = (128 * t0 * (128 - w) + 128 * t1 * w + 64) >> 7
                    // Scaled by F / 65535 with F = k + ((k + 1) · 514) >> 16, k = c · o.
                    let k = Int(mask.data[x]) * 204
                    let f = k + ((k + 1) * 514) >> 16
                    return UInt8((((2 * p + 1) * f) >> 16 + 128) >> 8)
                }
                let expected = Pixel(r: channel(\.r), g: channel(\.g), b: channel(\.b), a: channel(\.a))
                expect(out[x, 0] == expected, "x \(x), separable \(separable), vector \(vector)")
            }
        }
    }
}

/// The AVX2 pixel loop (CFrameGenKernels) gives the Swift loop's bytes: rows long and short (the vector
/// part and the one-pixel tail), one level and two mixed, every kind of coverage and opacity,
/// over translucent destinations.
@Test(.enabled(if: InstructionSet.cpu >= .avx2)) func vectorRowsMatchTheSwiftLoop() {
    let textures = [
        Texture(noise(37, 29, seed: 11, opaque: false)), Texture(noise(300, 180, seed: 12, opaque: true)),
        Texture(noise(1024, 768, seed: 15, opaque: true)),
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
        (-2.2, 1.3, 120.4, 4), (12.3, 11.1, 3.7, 9.2), (25.6, 25.6, 0, 0),
    ]
    // Every combination in the heavy tier, every third in the fast one.
    var combinations: [(Texture, (Double, Double, Double, Double), UInt8, PixelBox)] = []
    for texture in textures {
        for scale in scales {
            for opacity: UInt8 in [255, 204, 1] {
                for box in boxes { combinations.append((texture, scale, opacity, box)) }
            }
        }
    }
    var drawn = 0
    for (texture, (sx, sy, tx, ty), opacity, box) in TestTier.cases(combinations, fastTierEvery: 3) {
        let h = Homography(
            m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: tx, m32: ty, m33: 1)
        // The plan the scale asks for, and the extreme mixes of two levels (t = 256
        // reads the coarser level alone).
        let plans: [TextureSampler.Plan] = texture.withSampler { s in
            [
                s.plan(lod: LevelOfDetail.of(sx, 0, 0, sy)), .blend(0, 1), .blend(0, 255),
                .blend(0, 256),
            ]
        }
        for plan in plans {
            var images = [destination, destination]
            texture.withSampler { s in
                guard let spans = AffineSpans(h, plan: plan, box: box, sampler: s) else { return }
                mask.data.withUnsafeBufferPointer { m in
                    for (i, vector) in [false, true].enumerated() {
                        images[i].bytes.withUnsafeMutableBufferPointer { out in
                            let target = TextureTarget(
                                sampler: s, box: box, coverage: mask, mask: m.baseAddress!,
                                base: out.baseAddress!, stride: destination.stride,
                                opacity: opacity)
                            if SeparableRows.draw(target, spans, vector: vector) {
                                drawn += i
                            }
                        }
                    }
                }
            }
            expect(
                images[0] == images[1],
                "scale \(sx) x \(sy), opacity \(opacity), box \(box), \(plan)")
        }
    }
    expect(drawn > (TestTier.includesHeavy ? 200 : 60))
}

/// The AVX2 row that composites kept drawings (CFrameGenKernels) gives `Painter.sourceOverRow`'s bytes:
/// opaque, zero and translucent words over translucent pixels, every row length up to 20.
@Test(.enabled(if: InstructionSet.cpu >= .avx2)) func vectorSourceOverRowMatchesTheSwiftRow() {
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
        expect(images[0] == images[1], "count \(count)")
    }
}

/// Over a known colour, an opaque texture's fully covered pixels are blended with a constant
/// instead of being read: the bytes must be those of reading them, over opaque and translucent
/// colours, at every opacity, through partial and full coverage, at one level and two.
@Test func drawingOverAKnownColourGivesTheBlendsBytes() {
    let textures = [
        Texture(noise(300, 180, seed: 21, opaque: true)), Texture(noise(64, 64, seed: 22, opaque: true)),
    ]
    var r = Bytes(state: 23)
    var mask = CoverageMask(x: 3, y: 2, width: 90, height: 61)
    for i in mask.data.indices {
        let v = r.next()
        mask.data[i] = v < 20 ? 0 : (v < 200 ? 255 : v)
    }
    let colours = [
        Pixel(r: 28, g: 28, b: 30, a: 255), Pixel(r: 40, g: 10, b: 90, a: 128), .clear,
        Pixel(r: 255, g: 255, b: 255, a: 255),
    ]
    let scales: [(Double, Double, Double, Double)] = [
        (1, 1, 0, 0), (0.4, 0.43, 1.25, -0.5), (2.6, 1.9, -7.1, 3.3), (1.6, 1.6, 0.3, 0.7),
    ]
    var compared = 0
    for texture in textures {
        for (sx, sy, tx, ty) in scales {
            let h = Homography(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: tx, m32: ty, m33: 1)
            for colour in colours {
                for opacity: UInt8 in [255, 204, 77, 1] {
                    var read = Image(width: 100, height: 70, fill: colour)
                    var known = read
                    Painter.drawTexture(&read, texture, deviceToTexture: h, coverage: mask, opacity: opacity)
                    Painter.drawTexture(
                        &known, texture, deviceToTexture: h, coverage: mask, opacity: opacity, over: colour)
                    expect(read == known, "scale \(sx) x \(sy), colour \(colour), opacity \(opacity)")
                    compared += 1
                }
            }
        }
    }
    expect(compared == 128)
}

/// Each mip level CFrameGenKernels' loop reduces gives the bytes of the Swift reference: even and odd
/// sides (pairs and [1 2 1] tents), sides of one texel that stay, translucent texels.
@Test func mipLevelsReduceAsTheReferenceDoes() {
    for (w, h) in [(2, 1), (1, 7), (5, 3), (6, 4), (37, 29), (64, 48), (3, 1)] {
        let sizes = Texture.levelSizes(width: w, height: h)
        let image = noise(w, h, seed: UInt32(w * 31 + h), opaque: false)
        var offset = 0
        let levels = sizes.map { size -> Texture.Level in
            defer { offset += size.0 * size.1 * 4 }
            return Texture.Level(width: size.0, height: size.1, offset: offset, scaleX: 1, scaleY: 1)
        }
        var results: [[UInt8]] = []
        for reference in [false, true] {
            var texels = image.bytes + [UInt8](repeating: 0, count: offset - image.bytes.count)
            texels.withUnsafeMutableBufferPointer { t in
                for k in 1..<levels.count {
                    Texture.reduce(levels[k - 1], into: levels[k], t, reference: reference)
                }
            }
            results.append(texels)
        }
        expect(sizes.count > 1 && results[0] == results[1], "\(w) x \(h)")
    }
}
