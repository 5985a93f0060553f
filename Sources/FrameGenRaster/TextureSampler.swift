import FrameGenGeometry

/// How a texture is filtered (docs/design/rendering.md §7).
public enum TextureFilter: Sendable, Hashable {
    /// Bilinear from level 0 only (what a layer without mipmaps does; shimmers when minified).
    case bilinear
    /// Bilinear when magnified; when minified, bilinear in the two mip levels around the
    /// level of detail and linear between them.
    case trilinear
    /// What `render(in:)` draws a layer's contents with: `.trilinear` where minified or turned;
    /// magnified by a scale, iOS's weights in sixteenths (`RenderInContextMagnification`).
    case renderInContext
}

extension Texture {
    /// One sample at texture coordinate `uv` (level-0 texels, centres at +0.5) with level of
    /// detail `lod` = log2(texels per pixel), clamp-to-edge. Rounded to 8 bits.
    public func sample(_ uv: SIMD2<Double>, lod: Double = 0, filter: TextureFilter = .trilinear) -> Pixel {
        withSampler { s in
            (filter != .bilinear ? s.trilinear(uv.x, uv.y, lod: lod) : s.bilinear(0, uv.x, uv.y)).pixel()
        }
    }

    func withSampler<R>(_ body: (TextureSampler) -> R) -> R {
        texels.withUnsafeBufferPointer { t in
            levels.withUnsafeBufferPointer { l in body(TextureSampler(texels: t, levels: l)) }
        }
    }
}

/// A filtered premultiplied sample in 8.24 fixed point (channel value x 2²⁴).
struct Sample {
    var r: UInt32, g: UInt32, b: UInt32, a: UInt32

    /// Rounded to 8 bits (half up). A channel is at most 255 x 2²⁴, so the rounded value fits
    /// a byte: no range check is needed in the per-pixel loops.
    @inline(__always) func pixel() -> Pixel {
        @inline(__always) func c(_ v: UInt32) -> UInt8 {
            UInt8(truncatingIfNeeded: (UInt64(v) + 0x80_0000) >> 24)
        }
        return Pixel(r: c(r), g: c(g), b: c(b), a: c(a))
    }

    /// `PackedPixel.word(pixel())` without the bytes in between (a channel plus the half fits
    /// 32 bits).
    @inline(__always) func word() -> UInt32 {
        @inline(__always) func c(_ v: UInt32) -> UInt32 { (v &+ 0x80_0000) &>> 24 }
        return c(r) | c(g) << 8 | c(b) << 16 | c(a) << 24
    }

    /// Scaled by k / 65025 (k = coverage x opacity, 0...65025) and rounded once.
    @inline(__always) func pixel(scaledBy k: UInt32) -> Pixel {
        if k == 65025 { return pixel() }
        let d: UInt64 = (1 << 24) * 65025
        @inline(__always) func c(_ v: UInt32) -> UInt8 { UInt8((UInt64(v) * UInt64(k) + d / 2) / d) }
        return Pixel(r: c(r), g: c(g), b: c(b), a: c(a))
    }
}

/// Reads a texture's storage directly; lives only inside `withSampler`.
///
/// Bilinear weights are fixed point, 12 bits an axis (the combined weight of a texel is
/// wx·wy <= 2²⁴), so texel centres reproduce texels exactly and quarter and half offsets blend by
/// exactly 1/4, 1/2; other fractions are within 1/8192 an axis (0.06 level). Two channels ride in
/// the 32-bit halves of one UInt64 (255 x 2²⁴ < 2³²), so a texel costs two multiply-adds.
struct TextureSampler {
    let texels: UnsafeBufferPointer<UInt8>
    let levels: UnsafeBufferPointer<Texture.Level>

    /// One RGBA texel as (R | B << 32, G | A << 32). A texture has at least one texel, so the
    /// storage is never empty.
    @inline(__always) func texel(_ o: Int) -> (UInt64, UInt64) {
        let q = UInt64(
            UnsafeRawPointer(texels.baseAddress.unsafelyUnwrapped).loadUnaligned(
                fromByteOffset: o, as: UInt32.self))
        // q | q << 16 holds R at bit 0, G at 8, B at 32 and A at 40 (what lands between is masked).
        let spread = q | q << 16
        return (spread & 0xFF_0000_00FF, (spread >> 8) & 0xFF_0000_00FF)
    }

    /// Bilinear in level k at level-0 coordinates (u, v), clamp-to-edge.
    @inline(__always) func bilinear(_ k: Int, _ u: Double, _ v: Double) -> Sample {
        let l = levels[k]
        var x = u * l.scaleX - 0.5
        var y = v * l.scaleY - 0.5
        // Clamp to [-1, size] before converting to Int, so far-away coordinates read the edge;
        // written so that NaN fails the first test and lands on -1.
        let fw = Double(l.width)
        let fh = Double(l.height)
        x = x > -1 ? (x < fw ? x : fw) : -1
        y = y > -1 ? (y < fh ? y : fh) : -1
        // 12-bit weights: (x + 1) * 4096 rounded (>= 0.5, so truncation rounds); its low 12 bits
        // are the fraction.
        return gather(l, Int(x * 4096 + 4096.5), Int(y * 4096 + 4096.5))  // checked: in [-1, size] above
    }

    /// Bilinear in level k at (x + 1, y + 1) given in 32.32 fixed point, x and y being the
    /// level's texel coordinates minus 0.5 (the affine span path steps these by integer adds).
    /// Rounds to the same 12-bit weights as the floating-point path.
    @inline(__always) func bilinear(_ k: Int, fixedX: Int64, fixedY: Int64) -> Sample {
        bilinear(levels[k], fixedX: fixedX, fixedY: fixedY)
    }

    /// The same with the level given, so a span loop can hold its fields in registers.
    @inline(__always) func bilinear(_ l: Texture.Level, fixedX: Int64, fixedY: Int64) -> Sample {
        let maxX = Int64(l.width + 1) << 32
        let maxY = Int64(l.height + 1) << 32
        let cx = fixedX < 0 ? 0 : (fixedX < maxX ? fixedX : maxX)
        let cy = fixedY < 0 ? 0 : (fixedY < maxY ? fixedY : maxY)
        return gather(
            l, Int(truncatingIfNeeded: (cx &+ (1 << 19)) >> 20),
            Int(truncatingIfNeeded: (cy &+ (1 << 19)) >> 20))
    }

    /// Two texel rows (byte offsets) and their vertical weights (12 bits): the part of a
    /// sample the perspective spans share across a row of magnified pixels.
    struct RowY: Equatable {
        let row0: Int, row1: Int
        let wy0: UInt64, wy1: UInt64
    }

    /// Two texel columns (byte offsets) and their horizontal weights (12 bits).
    struct ColumnX: Equatable {
        let x0: Int, x1: Int
        let wx0: UInt64, wx1: UInt64
    }

    /// The bilinear sum of `gather` with the rows and columns given.
    @inline(__always) func bilinear(_ r: RowY, _ c: ColumnX) -> Sample {
        let a = texel(r.row0 &+ c.x0)
        let b = texel(r.row0 &+ c.x1)
        let cc = texel(r.row1 &+ c.x0)
        let d = texel(r.row1 &+ c.x1)
        let (w00, w01, w10, w11) = (c.wx0 &* r.wy0, c.wx1 &* r.wy0, c.wx0 &* r.wy1, c.wx1 &* r.wy1)
        let rb = a.0 &* w00 &+ b.0 &* w01 &+ cc.0 &* w10 &+ d.0 &* w11
        let ga = a.1 &* w00 &+ b.1 &* w01 &+ cc.1 &* w10 &+ d.1 &* w11
        return Sample(
            r: UInt32(truncatingIfNeeded: rb), g: UInt32(truncatingIfNeeded: ga),
            b: UInt32(truncatingIfNeeded: rb >> 32), a: UInt32(truncatingIfNeeded: ga >> 32))
    }

    /// The four texels around ((fx >> 12) - 1, (fy >> 12) - 1), weighted by the low 12 bits.
    @inline(__always) func gather(_ l: Texture.Level, _ fx: Int, _ fy: Int) -> Sample {
        let ix = (fx &>> 12) &- 1
        let iy = (fy &>> 12) &- 1
        let wx1 = UInt64(truncatingIfNeeded: fx & 0xFFF)
        let wy1 = UInt64(truncatingIfNeeded: fy & 0xFFF)
        let wx0 = 4096 &- wx1
        let wy0 = 4096 &- wy1
        let x0 = ix < 0 ? 0 : (ix < l.width ? ix : l.width &- 1)
        let x1 = ix &+ 1 < l.width ? ix &+ 1 : l.width &- 1
        let y0 = iy < 0 ? 0 : (iy < l.height ? iy : l.height &- 1)
        let y1 = iy &+ 1 < l.height ? iy &+ 1 : l.height &- 1
        let row0 = l.offset &+ y0 &* l.width &* 4
        let row1 = l.offset &+ y1 &* l.width &* 4
        let a = texel(row0 &+ x0 &* 4)
        let b = texel(row0 &+ x1 &* 4)
        let c = texel(row1 &+ x0 &* 4)
        let d = texel(row1 &+ x1 &* 4)
        let (w00, w01, w10, w11) = (wx0 &* wy0, wx1 &* wy0, wx0 &* wy1, wx1 &* wy1)
        // Each 32-bit lane peaks at 255 x 2²⁴ < 2³²: no carries between lanes.
        let rb = a.0 &* w00 &+ b.0 &* w01 &+ c.0 &* w10 &+ d.0 &* w11
        let ga = a.1 &* w00 &+ b.1 &* w01 &+ c.1 &* w10 &+ d.1 &* w11
        return Sample(
            r: UInt32(truncatingIfNeeded: rb), g: UInt32(truncatingIfNeeded: ga),
            b: UInt32(truncatingIfNeeded: rb >> 32), a: UInt32(truncatingIfNeeded: ga >> 32))
    }

    /// Which levels a level of detail reads: level k alone, or k and k+1 mixed by t / 256.
    enum Plan: Equatable {
        case level(Int)
        case blend(Int, UInt64)
    }

    @inline(__always) func plan(lod: Double) -> Plan {
        let (k, t) = LevelOfDetail.levels(lod, last: levels.count - 1)
        return t == 0 ? .level(k) : .blend(k, t)
    }

    @inline(__always) func sample(_ plan: Plan, _ u: Double, _ v: Double) -> Sample {
        switch plan {
        case .level(let k): return bilinear(k, u, v)
        case .blend(let k, let t): return blend(k, t, u, v)
        }
    }

    @inline(__always) func blend(_ k: Int, _ t: UInt64, _ u: Double, _ v: Double) -> Sample {
        mix(bilinear(k, u, v), bilinear(k + 1, u, v), t)
    }

    /// a and b mixed by t / 256.
    @inline(__always) func mix(_ a: Sample, _ b: Sample, _ t: UInt64) -> Sample {
        @inline(__always) func m(_ p: UInt32, _ q: UInt32) -> UInt32 {
            let sum: UInt64 = UInt64(p) &* (256 &- t) &+ UInt64(q) &* t &+ 128
            return UInt32(sum >> 8)
        }
        return Sample(r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b), a: m(a.a, b.a))
    }

    func trilinear(_ u: Double, _ v: Double, lod: Double) -> Sample {
        sample(plan(lod: lod), u, v)
    }
}
