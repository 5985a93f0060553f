import CKernels

/// The texture loop for a scale and translation (the grid's thumbnails, every unrotated cell),
/// done separably with the sample, the opacity and the blend fused in one pass per pixel.
///
/// A bilinear sample is Σ texel · wx · wy over four texels, in exact integers. Under a scale and
/// translation a row reads the same two texel rows with the same vertical weights, so each texel
/// column is first blended vertically once per row (V = top · wy0 + bottom · wy1, four channels
/// in one SIMD4), and each pixel then needs only V[x0] · wx0 + V[x1] · wx1: the same sum as
/// `TextureSampler.bilinear`, regrouped, so every result is bit-for-bit the same (no term is
/// rounded, and no lane exceeds 255 · 2²⁴ < 2³²). The level mix and the scaling by coverage and
/// opacity are the integer forms of `TextureSampler.mix` and `Sample.pixel(scaledBy:)`, rewritten
/// to fit vector lanes with the same results. Where the CPU has AVX2, the pixel loop runs in C
/// (CKernels) two pixels a vector, byte for byte the same (tested against this loop).
enum SeparableRows {
    /// One pixel's two texel columns, as indices into a row's vertical blends, and their weights
    /// (i0, i1, w0, w1), shared with the C loop.
    typealias Tap = ckernels_tap

    /// Whether the AVX2 pixel loop can run here.
    static let hasAVX2 = ckernels_has_avx2() != 0

    /// A level's texel columns one row of pixels reads: from `first`, `count` of them.
    struct Columns {
        let first: Int, count: Int
    }

    /// At most this many texel columns per pixel of the box: beyond it (a strongly minified
    /// texture read without mip levels) blending every column vertically would cost more than it
    /// saves, and the caller's per-pixel loop runs instead. Mip levels read up to 2^1.5 texels a
    /// pixel (the level of detail is half a level sharp, `CKERNELS_SHARPEN_BIAS`).
    static let maxColumnsPerPixel = 4

    /// Draws the box's covered pixels; false (having drawn nothing) when the texel columns are
    /// too many for the box (see `maxColumnsPerPixel`). `vector`: the AVX2 loop (where it runs).
    static func draw(_ target: TextureTarget, _ spans: AffineSpans, vector: Bool = SeparableRows.hasAVX2)
        -> Bool
    {
        let (s, b, opacity) = (target.sampler, target.box, target.opacity)
        let l0 = s.levels[spans.k0]
        let l1 = s.levels[spans.t != 0 ? spans.k0 + 1 : spans.k0]
        let width = b.x1 - b.x0
        let (cx0, _, cx1, _) = spans.rowStart(b.y0)
        let levels = spans.t != 0 ? 2 : 1
        // Columns are monotonic in x (a linear map, clamped), so the ends bound them.
        func columns(_ l: Texture.Level, _ start: Int64, _ step: Int64) -> Columns {
            let a = s.columnX(l, fixedX: start)
            let z = s.columnX(l, fixedX: start &+ step &* Int64(width - 1))
            let first = min(a.x0, z.x0) / 4
            return Columns(first: first, count: max(a.x1, z.x1) / 4 - first + 1)
        }
        let c0 = columns(l0, cx0, spans.dx0)
        let c1 = columns(l1, cx1, spans.dx1)
        let limit = maxColumnsPerPixel * width + 2
        guard c0.count <= limit, levels == 1 || c1.count <= limit else { return false }
        let vCount = c0.count + (levels == 2 ? c1.count : 0)
        withUnsafeTemporaryAllocation(of: Tap.self, capacity: levels * width) { taps in
            func tap(_ l: Texture.Level, _ fixedX: Int64, _ c: Columns) -> Tap {
                let col = s.columnX(l, fixedX: fixedX)
                return Tap(
                    i0: Int32(truncatingIfNeeded: col.x0 / 4 - c.first),
                    i1: Int32(truncatingIfNeeded: col.x1 / 4 - c.first),
                    w0: UInt32(truncatingIfNeeded: col.wx0), w1: UInt32(truncatingIfNeeded: col.wx1))
            }
            for i in 0..<width {
                let n = Int64(i)
                taps[i] = tap(l0, cx0 &+ spans.dx0 &* n, c0)
                if levels == 2 { taps[width + i] = tap(l1, cx1 &+ spans.dx1 &* n, c1) }
            }
            // One spare column after each level's blends: the vector loop reads a pixel's two
            // columns in one load, the second with weight 0 where the tap is clamped.
            withUnsafeTemporaryAllocation(of: SIMD4<UInt32>.self, capacity: vCount + 2) { v in
                let v0 = v.baseAddress!
                let v1 = v0 + c0.count + 1
                v0[c0.count] = .zero
                v1[levels == 2 ? c1.count : 0] = .zero
                let tap0 = UnsafePointer(taps.baseAddress!)
                let tap1 = tap0 + width
                let texels = UnsafeRawPointer(s.texels.baseAddress!)
                let t = UInt32(truncatingIfNeeded: spans.t)
                // The vector loop's taps: an index and eight weight lanes a pixel and level.
                let pairs = vector ? levels * width : 0
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: pairs) { index in
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8 * pairs) { weights in
                        if vector {
                            ckernels_pair_taps(
                                tap0, Int32(levels * width), index.baseAddress!, weights.baseAddress!)
                        }
                        let index0 = UnsafePointer(index.baseAddress)
                        let index1 = index0.map { $0 + (levels == 2 ? width : 0) }
                        let weights0 = UnsafePointer(weights.baseAddress)
                        let weights1 = weights0.map { $0 + (levels == 2 ? 8 * width : 0) }
                        for y in b.y0..<b.y1 {
                            let row = target.coverageRow(y)
                            var x = Painter.nonZero(row, from: b.x0, to: b.x1)
                            if x == b.x1 { continue }
                            let (_, sy0, _, sy1) = spans.rowStart(y)
                            verticalBlend(texels, s.rowY(l0, fixedY: sy0), c0, into: v0, vector: vector)
                            if levels == 2 {
                                verticalBlend(texels, s.rowY(l1, fixedY: sy1), c1, into: v1, vector: vector)
                            }
                            let out = target.base + y * target.stride
                            if vector {
                                let blends = UnsafeRawPointer(v0).assumingMemoryBound(to: UInt32.self)
                                ckernels_separable_row_avx2(
                                    blends, UnsafeRawPointer(v1).assumingMemoryBound(to: UInt32.self), index0,
                                    index1, weights0, weights1, Int32(levels), t, row, out, Int32(x),
                                    Int32(b.x1),
                                    Int32(b.x0), UInt32(opacity))
                                continue
                            }
                            // Coverage is a rectangle's here, mostly full: zeros (rounded corners,
                            // hidden parts) are skipped one at a time.
                            while x < b.x1 {
                                let c = row[x]
                                if c == 0 {
                                    x &+= 1
                                    continue
                                }
                                let i = x &- b.x0
                                var sample = horizontal(v0, tap0[i])
                                if levels == 2 { sample = mix(sample, horizontal(v1, tap1[i]), t) }
                                let p = scaled(sample, UInt32(c) &* UInt32(opacity))
                                if p >> 24 == 255 {
                                    PackedPixel.store(p, out, x &* 4)
                                } else if p != 0 {
                                    PackedPixel.store(
                                        PackedPixel.sourceOver(p, PackedPixel.load(out, x &* 4)), out, x &* 4)
                                }
                                x &+= 1
                            }
                        }
                    }
                }
            }
        }
        return true
    }

    /// The loop the separable rows replace, and the reference they are tested against: per
    /// pixel, the bilinear sum of `TextureSampler` from texel rows found once per row and texel
    /// columns found once per layer.
    static func reference(_ target: TextureTarget, _ spans: AffineSpans) {
        let (s, b) = (target.sampler, target.box)
        let l0 = s.levels[spans.k0]
        let l1 = s.levels[spans.t != 0 ? spans.k0 + 1 : spans.k0]
        let width = b.x1 - b.x0
        let (cx0, _, cx1, _) = spans.rowStart(b.y0)
        withUnsafeTemporaryAllocation(of: TextureSampler.ColumnX.self, capacity: 2 * width) { cols in
            for i in 0..<width {
                let n = Int64(i)
                cols[i] = s.columnX(l0, fixedX: cx0 &+ spans.dx0 &* n)
                cols[width + i] = s.columnX(l1, fixedX: cx1 &+ spans.dx1 &* n)
            }
            for y in b.y0..<b.y1 {
                let row = target.coverageRow(y)
                let (_, sy0, _, sy1) = spans.rowStart(y)
                let r0 = s.rowY(l0, fixedY: sy0)
                let r1 = s.rowY(l1, fixedY: sy1)
                var x = b.x0 - 1
                while true {
                    x = Painter.nonZero(row, from: x + 1, to: b.x1)
                    if x == b.x1 { break }
                    let i = x - b.x0
                    var sample = s.bilinear(r0, cols[i])
                    if spans.t != 0 {
                        sample = s.mix(sample, s.bilinear(r1, cols[width + i]), spans.t)
                    }
                    target.put(sample, row[x], x, y)
                }
            }
        }
    }

    /// V[j] = texel(top, first + j) · wy0 + texel(bottom, first + j) · wy1 (each lane <= 255 · 2¹²).
    /// `vector`: the AVX2 loop (CKernels), four texel columns a step, the same integers.
    @inline(__always) static func verticalBlend(
        _ texels: UnsafeRawPointer, _ r: TextureSampler.RowY, _ c: Columns,
        into v: UnsafeMutablePointer<SIMD4<UInt32>>, vector: Bool
    ) {
        let top = texels + r.row0 + c.first * 4
        let bottom = texels + r.row1 + c.first * 4
        let w0 = UInt32(truncatingIfNeeded: r.wy0)
        let w1 = UInt32(truncatingIfNeeded: r.wy1)
        if vector {
            ckernels_vertical_blend_avx2(
                top.assumingMemoryBound(to: UInt8.self), bottom.assumingMemoryBound(to: UInt8.self), w0, w1,
                Int32(truncatingIfNeeded: c.count),
                UnsafeMutableRawPointer(v).assumingMemoryBound(to: UInt32.self))
            return
        }
        var j = 0
        while j < c.count {
            let a = SIMD4<UInt32>(
                truncatingIfNeeded: top.loadUnaligned(fromByteOffset: j &* 4, as: SIMD4<UInt8>.self))
            let d = SIMD4<UInt32>(
                truncatingIfNeeded: bottom.loadUnaligned(fromByteOffset: j &* 4, as: SIMD4<UInt8>.self))
            let blend = a &* w0 &+ d &* w1
            v[j] = blend
            j &+= 1
        }
    }

    /// The bilinear sample (8.24 fixed point) from a row's vertical blends.
    @inline(__always) static func horizontal(_ v: UnsafeMutablePointer<SIMD4<UInt32>>, _ tap: Tap) -> SIMD4<
        UInt32
    > {
        v[Int(tap.i0)] &* tap.w0 &+ v[Int(tap.i1)] &* tap.w1
    }

    /// `TextureSampler.mix` in 32-bit lanes: with p = 256·ph + pl, (p·(256−t) + q·t + 128) >> 8
    /// = ph·(256−t) + qh·t + ((pl·(256−t) + ql·t + 128) >> 8), and the high part stays below
    /// 255 · 2²⁴.
    @inline(__always) static func mix(_ p: SIMD4<UInt32>, _ q: SIMD4<UInt32>, _ t: UInt32) -> SIMD4<UInt32> {
        let u = 256 &- t
        let high = (p &>> 8) &* u &+ (q &>> 8) &* t
        let low = ((p & 255) &* u &+ (q & 255) &* t &+ 128) &>> 8
        return high &+ low
    }

    /// `Sample.pixel(scaledBy: k)` as a packed word: round(m · k / (2²⁴ · 65025)) half up, as
    /// ((m·k + 2²³·65025) >> 24) / 65025, the division by a multiply and shift that is exact for
    /// every quotient this can meet (below 255 · 65025 + 32513; tested exhaustively).
    @inline(__always) static func scaled(_ m: SIMD4<UInt32>, _ k: UInt32) -> UInt32 {
        let wide = SIMD4<UInt64>(truncatingIfNeeded: m) &* UInt64(k) &+ (1 << 23) * 65025
        let q = ((wide &>> 24) &* divide65025Magic) &>> divide65025Shift
        return pack(SIMD4<UInt8>(truncatingIfNeeded: q))
    }

    /// R, G, B, A as the packed word (R in the low byte).
    @inline(__always) static func pack(_ p: SIMD4<UInt8>) -> UInt32 {
        unsafeBitCast(p, to: UInt32.self).littleEndian
    }

    /// floor(y / 65025) = (y · magic) >> shift for 0 <= y <= 255 · 65025 + 32512.
    static var divide65025Magic: UInt64 { 16_909_061 }
    static var divide65025Shift: UInt64 { 40 }
}
