import CFrameGenKernels

/// The texture loop for a scale and translation (the grid's thumbnails, every unrotated cell),
/// done separably with the sample, the opacity and the blend fused in one pass per pixel, in
/// 16-bit fixed point (docs/design/rendering.md §7.2).
///
/// Under a scale and translation a row of pixels reads the same two texel rows with the same
/// vertical weight, and a column of pixels the same two texel columns with the same horizontal
/// weight. Weights are 7 bits (1/128 texel, as pixman's): each texel column of a row is blended
/// vertically once, V = top · (128 − wy) + bottom · wy, exactly, in 8.7 fixed point (at most
/// 255 · 128, a 16-bit lane); each pixel then takes its two columns' blends, H = (V₀ · (128 − wx)
/// + V₁ · wx + 64) >> 7 (8.7, rounded half up), mixes two mip levels by t / 256 the same way,
/// and is scaled by coverage and opacity and rounded to 8 bits once (`scale`). `reference` is
/// that arithmetic pixel by pixel; `draw` is the same integers regrouped, and where the CPU has
/// AVX2 (and the instruction-set ceiling allows it) its pixel loop runs in C (CFrameGenKernels) eight
/// pixels a step in 16-bit lanes, byte for byte the same (tested against the reference).
enum SeparableRows {
    /// Whether the AVX2 loops run now: the CPU has AVX2 and the instruction-set ceiling allows
    /// it (`InstructionSet`), asked at each drawing since the ceiling may change. Whether they
    /// can run at all (tests calling them directly) is `InstructionSet.cpu >= .avx2`.
    static var hasAVX2: Bool { ckernels_has_avx2() != 0 }

    /// Bits of a bilinear weight (per axis).
    static let weightBits = 7

    /// A pixel column's two texel columns in a level (x1 is x0 + 1, or x0 where clamped at an
    /// edge) and the weight of x1, 0..<128.
    struct Column: Equatable {
        let x0: Int, x1: Int
        let w: UInt16
    }

    /// A pixel row's two texel rows in a level, as byte offsets into the texels, and the weight
    /// of row1, 0..<128.
    struct Row: Equatable {
        let row0: Int, row1: Int
        let w: UInt16
    }

    /// The texel index and 7-bit weight of a fixed coordinate: `fixed` is (x + 1) in 32.32, x
    /// being the level's texel coordinate minus 0.5 (`AffineSpans`), clamped to [0, size + 1]
    /// so far-away coordinates read the edge; rounded to 1/2^bits (1/128 here), half up, a
    /// carry moving to the next texel.
    @inline(__always) static func split(_ fixed: Int64, size: Int, bits: Int64 = 7) -> (
        i0: Int, i1: Int, w: UInt16
    ) {
        let max = Int64(size + 1) << 32
        let c = fixed < 0 ? 0 : (fixed < max ? fixed : max)
        let f = Int(truncatingIfNeeded: (c &+ (1 << (31 &- bits))) >> (32 &- bits))
        let i = (f &>> Int(bits)) &- 1
        let i0 = i < 0 ? 0 : (i < size ? i : size &- 1)
        let i1 = i &+ 1 < size ? i &+ 1 : size &- 1
        return (i0, i1, UInt16(truncatingIfNeeded: f & ((1 << Int(bits)) &- 1)))
    }

    @inline(__always) static func column(_ l: Texture.Level, fixedX: Int64) -> Column {
        let (x0, x1, w) = split(fixedX, size: l.width)
        return Column(x0: x0, x1: x1, w: w)
    }

    @inline(__always) static func row(_ l: Texture.Level, fixedY: Int64) -> Row {
        let (y0, y1, w) = split(fixedY, size: l.height)
        return Row(row0: l.offset &+ y0 &* l.width &* 4, row1: l.offset &+ y1 &* l.width &* 4, w: w)
    }

    /// One texel's four channels.
    @inline(__always) static func texel(_ texels: UnsafeRawPointer, _ offset: Int) -> SIMD4<UInt32> {
        SIMD4<UInt32>(truncatingIfNeeded: texels.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt8>.self))
    }

    /// Two 8.7 values mixed by w / 2ⁿ: (a · (2ⁿ − w) + b · w + 2ⁿ⁻¹) >> n, rounded half up. The
    /// sum is a + round((b − a) · w / 2ⁿ) (a is whole), which is how the vector loop computes it
    /// with `vpmulhrsw`.
    @inline(__always) static func lerp(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ w: UInt32, bits n: UInt32)
        -> SIMD4<UInt32>
    {
        (a &* ((1 &<< n) &- w) &+ b &* w &+ (1 &<< (n &- 1))) &>> n
    }

    /// Coverage c times opacity o as the 16-bit factor the scaling multiplies by: k = c · o
    /// (at most 65025) stretched to 65535, F = k + ((k + 1) · 514) >> 16, so that F / 65535 is
    /// k / 65025 to within 1/65536 and full coverage at full opacity gives 65535.
    @inline(__always) static func factor(_ c: UInt8, _ opacity: UInt8) -> UInt32 {
        let k = UInt32(c) &* UInt32(opacity)
        return k &+ ((k &+ 1) &* 514) &>> 16
    }

    /// An 8.7 sample p (channels <= 255 · 128) scaled by F / 65535 (`factor`) and rounded to 8
    /// bits once: (((2p + 1) · F) >> 16 + 128) >> 8, p in 8.8 times F in a 16-bit multiply-high.
    /// The 1 added to 2p makes up for dividing by 65536 rather than 65535, so that F = 65535
    /// gives p rounded half up exactly; over every p and every c · o the result is
    /// round(p · c · o / (128 · 65025)) but for about 0.1 % of them, near halves, one level
    /// either way (tested).
    @inline(__always) static func scale(_ p: SIMD4<UInt32>, _ f: UInt32) -> UInt32 {
        // Typed step by step: the one-line form took half a second to type-check.
        let doubled: SIMD4<UInt32> = p &* 2 &+ 1
        let high: SIMD4<UInt32> = (doubled &* f) &>> 16
        let m: SIMD4<UInt32> = (high &+ 128) &>> 8
        return pack(SIMD4<UInt8>(truncatingIfNeeded: m))
    }

    /// R, G, B, A as the packed word (R in the low byte).
    @inline(__always) static func pack(_ p: SIMD4<UInt8>) -> UInt32 {
        unsafeBitCast(p, to: UInt32.self).littleEndian
    }

    /// A premultiplied word source-over onto the pixel at byte offset i (an opaque word is
    /// stored, a zero one leaves the pixel).
    @inline(__always) static func put(_ p: UInt32, _ out: UnsafeMutablePointer<UInt8>, _ i: Int) {
        if p >> 24 == 255 {
            PackedPixel.store(p, out, i)
        } else if p != 0 {
            PackedPixel.store(PackedPixel.sourceOver(p, PackedPixel.load(out, i)), out, i)
        }
    }

    /// The arithmetic, one pixel at a time: the reference the separable rows and their AVX2
    /// loop are tested against, and the loop for textures read with too many texel columns per
    /// pixel (`maxColumnsPerPixel`).
    static func reference(_ target: TextureTarget, _ spans: AffineSpans) {
        let (s, b) = (target.sampler, target.box)
        let l0 = s.levels[spans.k0]
        let l1 = s.levels[spans.t != 0 ? spans.k0 + 1 : spans.k0]
        let width = b.x1 - b.x0
        let (cx0, _, cx1, _) = spans.rowStart(b.y0)
        let texels = UnsafeRawPointer(s.texels.baseAddress!)
        // The bilinear sample of one level in 8.7.
        func bilinear(_ r: Row, _ c: Column) -> SIMD4<UInt32> {
            let (w1, w0) = (UInt32(r.w), 128 &- UInt32(r.w))
            let v0 = texel(texels, r.row0 &+ c.x0 &* 4) &* w0 &+ texel(texels, r.row1 &+ c.x0 &* 4) &* w1
            let v1 = texel(texels, r.row0 &+ c.x1 &* 4) &* w0 &+ texel(texels, r.row1 &+ c.x1 &* 4) &* w1
            return lerp(v0, v1, UInt32(c.w), bits: 7)
        }
        withUnsafeTemporaryAllocation(of: Column.self, capacity: 2 * width) { cols in
            for i in 0..<width {
                let n = Int64(i)
                cols[i] = column(l0, fixedX: cx0 &+ spans.dx0 &* n)
                cols[width + i] = column(l1, fixedX: cx1 &+ spans.dx1 &* n)
            }
            for y in b.y0..<b.y1 {
                let coverage = target.coverageRow(y)
                let (sy0, sy1) = spans.rowStartY(y)
                let r0 = row(l0, fixedY: sy0)
                let r1 = row(l1, fixedY: sy1)
                let out = target.base + y * target.stride
                for x in b.x0..<b.x1 where coverage[x] != 0 {
                    let i = x - b.x0
                    var p = bilinear(r0, cols[i])
                    if spans.t != 0 {
                        p = lerp(p, bilinear(r1, cols[width + i]), UInt32(spans.t), bits: 8)
                    }
                    put(scale(p, factor(coverage[x], target.opacity)), out, x * 4)
                }
            }
        }
    }

    /// A level's texel columns one row of pixels reads: from `first`, `count` of them.
    struct Columns {
        let first: Int, count: Int
    }

    /// At most this many texel columns per pixel of the box: beyond it (a strongly minified
    /// texture read without mip levels) blending every column vertically would cost more than it
    /// saves, and `reference` runs instead. Mip levels read up to 2^1.5 texels a pixel (the level
    /// of detail is half a level sharp, `CKERNELS_SHARPEN_BIAS`).
    static let maxColumnsPerPixel = 4

    /// Draws the box's covered pixels; false (having drawn nothing) when the texel columns are
    /// too many for the box (see `maxColumnsPerPixel`). `vector`: the AVX2 loops (where they run).
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
            let a = column(l, fixedX: start)
            let z = column(l, fixedX: start &+ step &* Int64(width - 1))
            let first = min(a.x0, z.x0)
            return Columns(first: first, count: max(a.x1, z.x1) - first + 1)
        }
        let c0 = columns(l0, cx0, spans.dx0)
        let c1 = columns(l1, cx1, spans.dx1)
        let limit = maxColumnsPerPixel * width + 2
        guard c0.count <= limit, levels == 1 || c1.count <= limit else { return false }
        // Per pixel and level: the first texel column (relative to the level's first) and the
        // weight of the next one, four lanes of w << 8 (`vpmulhrsw`'s form of w / 128). A clamped
        // tap reads one column: weight 0 on the next, the same sum. 64-bit indices, so that the
        // AVX2 loop addresses a column with one scalar load.
        withUnsafeTemporaryAllocation(of: Int64.self, capacity: levels * width) { index in
            withUnsafeTemporaryAllocation(of: SIMD4<Int16>.self, capacity: levels * width) { weights in
                func tap(_ k: Int, _ l: Texture.Level, _ fixedX: Int64, _ c: Columns) {
                    let col = column(l, fixedX: fixedX)
                    index[k] = Int64(col.x0 - c.first)
                    weights[k] = SIMD4(repeating: col.x1 == col.x0 ? 0 : Int16(col.w) << 8)
                }
                for i in 0..<width {
                    let n = Int64(i)
                    tap(i, l0, cx0 &+ spans.dx0 &* n, c0)
                    if levels == 2 { tap(width + i, l1, cx1 &+ spans.dx1 &* n, c1) }
                }
                // Each level's vertical blends, four channels a column, and one spare column
                // after them: a pixel's two columns are read in one load, the second with
                // weight 0 where the tap is clamped.
                let vCount = c0.count + 1 + (levels == 2 ? c1.count + 1 : 0)
                withUnsafeTemporaryAllocation(of: SIMD4<UInt16>.self, capacity: vCount) { v in
                    let v0 = v.baseAddress!
                    let v1 = levels == 2 ? v0 + c0.count + 1 : v0
                    v0[c0.count] = .zero
                    v1[levels == 2 ? c1.count : c0.count] = .zero
                    let texels = UnsafeRawPointer(s.texels.baseAddress!)
                    let t = UInt32(truncatingIfNeeded: spans.t)
                    let index0 = UnsafePointer(index.baseAddress!)
                    let index1 = index0 + (levels == 2 ? width : 0)
                    let weights0 = UnsafePointer(weights.baseAddress!)
                    let weights1 = weights0 + (levels == 2 ? width : 0)
                    let overWord = target.over.map(PackedPixel.word) ?? 0
                    for y in b.y0..<b.y1 {
                        let coverage = target.coverageRow(y)
                        var x = Painter.nonZero(coverage, from: b.x0, to: b.x1)
                        if x == b.x1 { continue }
                        let (sy0, sy1) = spans.rowStartY(y)
                        verticalBlend(texels, row(l0, fixedY: sy0), c0, into: v0, vector: vector)
                        if levels == 2 {
                            verticalBlend(texels, row(l1, fixedY: sy1), c1, into: v1, vector: vector)
                        }
                        let out = target.base + y * target.stride
                        if vector {
                            ckernels_scaled_row_avx2(
                                UnsafeRawPointer(v0).assumingMemoryBound(to: UInt16.self),
                                UnsafeRawPointer(v1).assumingMemoryBound(to: UInt16.self), index0, index1,
                                UnsafeRawPointer(weights0).assumingMemoryBound(to: Int16.self),
                                UnsafeRawPointer(weights1).assumingMemoryBound(to: Int16.self),
                                Int32(levels), t, coverage, out, Int32(x), Int32(b.x1), Int32(b.x0),
                                UInt32(opacity), target.over == nil ? 0 : 1, overWord)
                            continue
                        }
                        while x < b.x1 {
                            let c = coverage[x]
                            if c != 0 {
                                let i = x &- b.x0
                                var p = horizontal(v0, index0[i], weights0[i])
                                if levels == 2 {
                                    p = lerp(p, horizontal(v1, index1[i], weights1[i]), t, bits: 8)
                                }
                                put(scale(p, factor(c, opacity)), out, x &* 4)
                            }
                            x &+= 1
                        }
                    }
                }
            }
        }
        return true
    }

    /// V[j] = top[first + j] · (128 − w) + bottom[first + j] · w, four channels (each <= 255 ·
    /// 128). `vector`: the AVX2 loop (CFrameGenKernels), the same integers.
    @inline(__always) static func verticalBlend(
        _ texels: UnsafeRawPointer, _ r: Row, _ c: Columns, into v: UnsafeMutablePointer<SIMD4<UInt16>>,
        vector: Bool
    ) {
        let top = texels + r.row0 + c.first * 4
        let bottom = texels + r.row1 + c.first * 4
        if vector {
            ckernels_vertical_blend_avx2(
                top.assumingMemoryBound(to: UInt8.self), bottom.assumingMemoryBound(to: UInt8.self),
                UInt32(r.w),
                Int32(truncatingIfNeeded: c.count),
                UnsafeMutableRawPointer(v).assumingMemoryBound(to: UInt16.self))
            return
        }
        let w1 = UInt32(r.w)
        let w0 = 128 &- w1
        var j = 0
        while j < c.count {
            let blend = texel(top, j &* 4) &* w0 &+ texel(bottom, j &* 4) &* w1
            v[j] = SIMD4<UInt16>(truncatingIfNeeded: blend)
            j &+= 1
        }
    }

    /// A pixel's bilinear sample in 8.7 from a row's vertical blends: its column `i` and the
    /// next mixed by the weight (lanes of w << 8).
    @inline(__always) static func horizontal(
        _ v: UnsafeMutablePointer<SIMD4<UInt16>>, _ i: Int64, _ w: SIMD4<Int16>
    ) -> SIMD4<UInt32> {
        let a = SIMD4<UInt32>(truncatingIfNeeded: v[Int(i)])
        let b = SIMD4<UInt32>(truncatingIfNeeded: v[Int(i) &+ 1])
        return lerp(a, b, UInt32(truncatingIfNeeded: w.x) &>> 8, bits: 7)
    }
}
