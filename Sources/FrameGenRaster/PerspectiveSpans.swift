import CFrameGenKernels
import FrameGenGeometry

/// The texture loop under perspective (cover flow's covers, every layer rotated about x or y
/// with m34 set): a divide and a level of detail per pixel.
///
/// Four pixels at once: their footprints (W, texel coordinates, level of detail) come from
/// `ckernels_footprint_at` in SIMD lanes, the same function the reference `PixelByPixel` (below)
/// calls per pixel, so every texel coordinate, level and weight is bit-for-bit the reference's,
/// and so is every pixel. The level choice and the sampling then run per pixel with the
/// sampler's own functions, inlined, without the `Plan` value; magnified groups find level 0's
/// taps in 32-bit lanes. Where the CPU has AVX2 the rows run in C (`ckernels_perspective_row_avx2`,
/// the same footprints and samples, tested against both).
enum PerspectiveSpans {
    typealias Lanes = SIMD4<Double>

    /// The box's rows through `ckernels_perspective_row_avx2`.
    static func drawRows(_ target: TextureTarget, _ m: Homography) {
        let (s, b) = (target.sampler, target.box)
        withUnsafeTemporaryAllocation(of: ckernels_level.self, capacity: s.levels.count) { levels in
            for (i, l) in s.levels.enumerated() {
                levels[i] = ckernels_level(
                    width: Int64(l.width), height: Int64(l.height), offset: Int64(l.offset),
                    scale_x: l.scaleX,
                    scale_y: l.scaleY)
            }
            let map = m.texelMap
            for y in b.y0..<b.y1 {
                let row = target.coverageRow(y)
                let x = Painter.nonZero(row, from: b.x0, to: b.x1)
                if x == b.x1 { continue }
                ckernels_perspective_row_avx2(
                    map, Double(y) + 0.5, s.texels.baseAddress!, levels.baseAddress!, Int32(s.levels.count),
                    row, target.base + y * target.stride, Int32(x), Int32(b.x1), UInt32(target.opacity))
            }
        }
    }

    /// Draws every covered pixel of the box whose W (under `m`, whose sign the caller has fixed)
    /// is positive.
    /// `vector`: the AVX2 row loop (CFrameGenKernels), the same arithmetic four pixels a vector.
    static func draw(_ target: TextureTarget, _ m: Homography, vector: Bool = SeparableRows.hasAVX2) {
        if vector {
            drawRows(target, m)
            return
        }
        let (s, b) = (target.sampler, target.box)
        let map = m.texelMap
        let last = s.levels.count - 1
        let scaleOpacity = UInt32(target.opacity)
        let (base, stride) = (target.base, target.stride)
        // Level 0, read by every magnified pixel: its texels and weights are found in lanes,
        // in 32 bits when its fixed coordinates and byte offsets fit.
        let l0 = s.levels[0]
        let (scale0X, scale0Y) = (l0.scaleX, l0.scaleY)
        let (width0, height0) = (Lanes(repeating: Double(l0.width)), Lanes(repeating: Double(l0.height)))
        let level0Lanes =
            l0.width < 1 << 18 && l0.height < 1 << 18
            && l0.offset + l0.width * l0.height * 4 <= Int(Int32.max)
        // One group's lanes, stored once and read per pixel (a vector's lanes read by a
        // variable index would go through the stack each time): four of doubles and six of
        // 32-bit integers, 224 bytes.
        withUnsafeTemporaryAllocation(of: Lanes.self, capacity: 7) { lanes in
            let scratch = UnsafeMutableRawPointer(lanes.baseAddress!)
            let (ws, us, vs, lods) = (scratch, scratch + 32, scratch + 64, scratch + 96)
            // Level 0's columns, rows (byte offsets) and weights, 32 bits a lane.
            let (x0s, x1s, wx1s) = (scratch + 128, scratch + 144, scratch + 160)
            let (y0s, y1s, wy1s) = (scratch + 176, scratch + 192, scratch + 208)
            for y in b.y0..<b.y1 {
                let row = target.coverageRow(y)
                let py = Double(y) + 0.5
                var x = Painter.nonZero(row, from: b.x0, to: b.x1)
                while x < b.x1 {
                    // Lane i at x + i + 0.5 exactly, as Double(x + i) + 0.5 is.
                    let f = LevelOfDetail.footprint(map, Double(x) + 0.5, py)
                    let (w, u, v, lod) = (f.w, f.u, f.v, f.lod)
                    ws.storeBytes(of: w, as: Lanes.self)
                    lods.storeBytes(of: lod, as: Lanes.self)
                    // Magnified everywhere in the group (cover flow's usual case): level 0 only.
                    let magnified = level0Lanes && !any(lod .> 1.0 / 512)
                    if magnified {
                        let columns = taps(fixed(u * scale0X - 0.5, width0), size: l0.width)
                        x0s.storeBytes(of: columns.first &<< 2, as: SIMD4<Int32>.self)
                        x1s.storeBytes(of: columns.second &<< 2, as: SIMD4<Int32>.self)
                        wx1s.storeBytes(of: columns.weight, as: SIMD4<Int32>.self)
                        let rows = taps(fixed(v * scale0Y - 0.5, height0), size: l0.height)
                        let rowBytes = Int32(truncatingIfNeeded: l0.width &* 4)
                        let offset = Int32(truncatingIfNeeded: l0.offset)
                        y0s.storeBytes(of: rows.first &* rowBytes &+ offset, as: SIMD4<Int32>.self)
                        y1s.storeBytes(of: rows.second &* rowBytes &+ offset, as: SIMD4<Int32>.self)
                        wy1s.storeBytes(of: rows.weight, as: SIMD4<Int32>.self)
                    } else {
                        us.storeBytes(of: u, as: Lanes.self)
                        vs.storeBytes(of: v, as: Lanes.self)
                    }
                    let n = min(4, b.x1 &- x)
                    // Pixels behind the eye (W <= 0) are skipped; usually none is in the group.
                    let visible = all(w .> 0)
                    @inline(__always) func drawn(_ i: Int) -> UInt8? {
                        let c = row[x &+ i]
                        guard c != 0, visible || ws.load(fromByteOffset: i &* 8, as: Double.self) > 0 else {
                            return nil
                        }
                        return c
                    }
                    if magnified {
                        for i in 0..<n {
                            guard let c = drawn(i) else { continue }
                            @inline(__always) func lane(_ p: UnsafeMutableRawPointer) -> Int {
                                Int(p.load(fromByteOffset: i &* 4, as: Int32.self))
                            }
                            let wx1 = UInt64(truncatingIfNeeded: lane(wx1s))
                            let wy1 = UInt64(truncatingIfNeeded: lane(wy1s))
                            let sample = s.bilinear(
                                TextureSampler.RowY(
                                    row0: lane(y0s), row1: lane(y1s), wy0: 4096 &- wy1, wy1: wy1),
                                TextureSampler.ColumnX(
                                    x0: lane(x0s), x1: lane(x1s), wx0: 4096 &- wx1, wx1: wx1))
                            Painter.put(sample, UInt32(c) &* scaleOpacity, base, y &* stride &+ (x &+ i) &* 4)
                        }
                    } else {
                        for i in 0..<n {
                            guard let c = drawn(i) else { continue }
                            let sample = levels(
                                s, last, lod: lods.load(fromByteOffset: i &* 8, as: Double.self),
                                us.load(fromByteOffset: i &* 8, as: Double.self),
                                vs.load(fromByteOffset: i &* 8, as: Double.self))
                            Painter.put(sample, UInt32(c) &* scaleOpacity, base, y &* stride &+ (x &+ i) &* 4)
                        }
                    }
                    x = Painter.nonZero(row, from: x &+ 4, to: b.x1)
                }
            }
        }
    }

    /// `TextureSampler.trilinear` without the `Plan` value: level k, and k + 1 mixed by t / 256.
    @inline(__always) static func levels(
        _ s: TextureSampler, _ last: Int, lod l: Double, _ u: Double, _ v: Double
    )
        -> Sample
    {
        let (k, t) = LevelOfDetail.levels(l, last: last)
        let sample = s.bilinear(k, u, v)
        return t == 0 ? sample : s.mix(sample, s.bilinear(k &+ 1, u, v), t)
    }

    /// `TextureSampler.gather`'s two texels along one axis (clamped to the edge) and the weight
    /// of the second, from fixed coordinates below 2³¹.
    @inline(__always) static func taps(_ fixed: SIMD4<Int64>, size: Int) -> (
        first: SIMD4<Int32>, second: SIMD4<Int32>, weight: SIMD4<Int32>
    ) {
        let f = SIMD4<Int32>(truncatingIfNeeded: fixed)
        let size = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: size))
        let last = size &- 1
        let i = (f &>> 12) &- 1
        let first = SIMD4<Int32>(repeating: 0).replacing(
            with: last.replacing(with: i, where: i .< size), where: i .>= 0)
        let next = i &+ 1
        return (first, last.replacing(with: next, where: next .< size), f & 0xFFF)
    }

    /// `TextureSampler.bilinear`'s fixed coordinate on four lanes: x clamped to [-1, size] (NaN
    /// to -1), then x · 4096 + 4096.5 truncated. That value lies in [0.5, 2⁵¹), where adding
    /// and removing 2⁵² rounds it to an integer exactly; one less when that rounded up gives
    /// the truncation, read from the low bits (SSE2 has no 64-bit conversion in lanes).
    @inline(__always) static func fixed(_ x: Lanes, _ size: Lanes) -> SIMD4<Int64> {
        let inside = size.replacing(with: x, where: x .< size)
        let clamped = Lanes(repeating: -1).replacing(with: inside, where: x .> -1)
        let f = clamped * 4096 + 4096.5
        let magic = Lanes(repeating: 4_503_599_627_370_496)
        var r = f + magic
        r = r.replacing(with: r - 1, where: r - magic .> f)
        return unsafeBitCast(r, to: SIMD4<Int64>.self) & 0x000F_FFFF_FFFF_FFFF
    }
}

/// The exact per-pixel texture loop: each covered pixel's centre mapped through a divide, its
/// mip levels from the level of detail there (or one plan for every pixel). The reference
/// `PerspectiveSpans` is tested against, and the loop for maps no faster path takes.
enum PixelByPixel {
    /// Draws every covered pixel of the box whose W (under `m`, whose sign the caller has fixed)
    /// is positive; `plan` nil reads each pixel's own level of detail.
    static func draw(_ target: TextureTarget, _ m: Homography, plan: TextureSampler.Plan?) {
        let (s, b) = (target.sampler, target.box)
        let map = m.texelMap
        for y in b.y0..<b.y1 {
            let row = target.coverageRow(y)
            let py = Double(y) + 0.5
            var x = b.x0 - 1
            while true {
                x = Painter.nonZero(row, from: x + 1, to: b.x1)
                if x == b.x1 { break }
                let f = LevelOfDetail.footprint(map, Double(x) + 0.5, py)
                guard f.w.x > 0 else { continue }
                target.put(s.sample(plan ?? s.plan(lod: f.lod.x), f.u.x, f.v.x), row[x], x, y)
            }
        }
    }
}
