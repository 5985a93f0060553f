import CKernels
import Geometry

/// The texture loop under perspective (cover flow's covers, every layer rotated about x or y
/// with m34 set): a divide and a level of detail per pixel.
///
/// The arithmetic per pixel is the reference loop's (`Painter.drawTexture` with
/// `perspectiveReference: true`), done for four pixels at once in SIMD lanes: the same IEEE
/// operations in the same order on every lane (no fused multiply-add: Swift does not contract,
/// and each lane rounds as the scalar operation would), so every texel coordinate, level and
/// weight is bit-for-bit the scalar one, and so is every pixel. The level choice and the
/// sampling then run per pixel with the sampler's own functions, inlined, without the `Plan`
/// value.
enum PerspectiveSpans {
    typealias Lanes = SIMD4<Double>

    /// The box's rows through `ckernels_perspective_row_avx2`.
    static func drawRows(
        _ s: TextureSampler, _ m: Homography, box b: PixelBox, coverage: CoverageMask,
        mask: UnsafePointer<UInt8>, into base: UnsafeMutablePointer<UInt8>, stride: Int, opacity: UInt8
    ) {
        withUnsafeTemporaryAllocation(of: ckernels_level.self, capacity: s.levels.count) { levels in
            for (i, l) in s.levels.enumerated() {
                levels[i] = ckernels_level(
                    width: Int64(l.width), height: Int64(l.height), offset: Int64(l.offset),
                    scale_x: l.scaleX,
                    scale_y: l.scaleY)
            }
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 9) { h in
                for (i, v) in [m.r0, m.r1, m.r2].enumerated() {
                    (h[3 * i], h[3 * i + 1], h[3 * i + 2]) = (v.x, v.y, v.z)
                }
                for y in b.y0..<b.y1 {
                    let row = mask + ((y - coverage.y) * coverage.width - coverage.x)
                    let x = Painter.nonZero(row, from: b.x0, to: b.x1)
                    if x == b.x1 { continue }
                    ckernels_perspective_row_avx2(
                        h.baseAddress!, Double(y) + 0.5, s.texels.baseAddress!, levels.baseAddress!,
                        Int32(s.levels.count), row, base + y * stride, Int32(x), Int32(b.x1), UInt32(opacity))
                }
            }
        }
    }

    /// Draws every covered pixel of the box whose W (under `m`, whose sign the caller has fixed)
    /// is positive.
    /// `vector`: the AVX2 row loop (CKernels), the same arithmetic four pixels a vector.
    static func draw(
        _ s: TextureSampler, _ m: Homography, box b: PixelBox, coverage: CoverageMask,
        mask: UnsafePointer<UInt8>, into base: UnsafeMutablePointer<UInt8>, stride: Int, opacity: UInt8,
        vector: Bool = SeparableRows.hasAVX2
    ) {
        if vector {
            drawRows(
                s, m, box: b, coverage: coverage, mask: mask, into: base, stride: stride, opacity: opacity)
            return
        }
        let (h00, h01, h02) = (m.r0.x, m.r0.y, m.r0.z)
        let (h10, h11, h12) = (m.r1.x, m.r1.y, m.r1.z)
        let (h20, h21, h22) = (m.r2.x, m.r2.y, m.r2.z)
        let last = s.levels.count - 1
        let scaleOpacity = UInt32(opacity)
        let centres = Lanes(0.5, 1.5, 2.5, 3.5)
        // Level 0, read by every magnified pixel: its texels and weights are found in lanes,
        // in 32 bits when its fixed coordinates and byte offsets fit.
        let l0 = s.levels[0]
        let (scale0X, scale0Y) = (l0.scaleX, l0.scaleY)
        let (width0, height0) = (Lanes(repeating: Double(l0.width)), Lanes(repeating: Double(l0.height)))
        let level0Lanes =
            l0.width < 1 << 18 && l0.height < 1 << 18
            && l0.offset + l0.width * l0.height * 4 <= Int(Int32.max)
        // One group's lanes, stored once and read per pixel (a vector's lanes read by a
        // variable index would go through the stack each time).
        withUnsafeTemporaryAllocation(of: Lanes.self, capacity: 6) { lanes in
            let scratch = UnsafeMutableRawPointer(lanes.baseAddress!)
            let (ws, us, vs, lods) = (scratch, scratch + 32, scratch + 64, scratch + 96)
            // Level 0's columns, rows (byte offsets) and weights, 32 bits a lane.
            let (x0s, x1s, wx1s) = (scratch + 128, scratch + 144, scratch + 160)
            let (y0s, y1s, wy1s) = (scratch + 176, scratch + 192, scratch + 208)
            for y in b.y0..<b.y1 {
                let row = mask + ((y - coverage.y) * coverage.width - coverage.x)
                let py = Double(y) + 0.5
                // The products with py, as the scalar expressions form them before adding.
                let (wy, uy, vy) = (h21 * py, h01 * py, h11 * py)
                var x = Painter.nonZero(row, from: b.x0, to: b.x1)
                while x < b.x1 {
                    // x + i + 0.5 exactly, as Double(x + i) + 0.5 is.
                    let px = Lanes(repeating: Double(x)) + centres
                    let w = h20 * px + wy + h22
                    let iw = 1 / w
                    let u = (h00 * px + uy + h02) * iw
                    let v = (h10 * px + vy + h12) * iw
                    let lod = levelOfDetail(
                        (h00 - u * h20) * iw, (h10 - v * h20) * iw, (h01 - u * h21) * iw, (h11 - v * h21) * iw
                    )
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
        guard l > 1.0 / 512 else { return s.bilinear(0, u, v) }
        let k = l.clampedInt(in: 0...last, nan: 0)
        if k >= last { return s.bilinear(last, u, v) }
        let t = UInt64(((l - Double(k)) * 256 + 0.5).clampedInt(in: 0...256, nan: 0))
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

    /// `Painter.lod` on four lanes: `max` as Swift's (the second when not smaller, so NaN in the
    /// first wins and then fails the test), `fastLog2` with its exponent read exactly.
    @inline(__always) static func levelOfDetail(_ dux: Lanes, _ dvx: Lanes, _ duy: Lanes, _ dvy: Lanes)
        -> Lanes
    {
        let a = dux * dux + dvx * dvx
        let b = duy * duy + dvy * dvy
        let r2 = a.replacing(with: b, where: b .>= a)
        let minified = r2 .> 2 .& r2 .< .infinity
        // Magnified lanes have 0 whatever the logarithm: skip it when all are.
        guard any(minified) else { return Lanes(repeating: 0) }
        let lod = 0.5 * fastLog2(r2) - Painter.sharpenBias
        return Lanes(repeating: 0).replacing(with: lod, where: minified)
    }

    /// `fastLog2` on four lanes. The exponent e (0...2047) becomes a double exactly as
    /// (2⁵² + e) - (2⁵² + 1023), which is Double(e - 1023): SSE2 has no 64-bit integer to
    /// double conversion in lanes.
    @inline(__always) static func fastLog2(_ x: Lanes) -> Lanes {
        let bits = unsafeBitCast(x, to: SIMD4<UInt64>.self)
        let biased = unsafeBitCast(((bits &>> 52) & 0x7FF) | 0x4330_0000_0000_0000, to: Lanes.self)
        let e = biased - (4_503_599_627_370_496 + 1023)
        let f = unsafeBitCast((bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000, to: Lanes.self) - 1
        return e + f * (1.3465552 - 0.34655524 * f)
    }
}
