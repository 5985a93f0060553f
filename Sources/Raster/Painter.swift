/// Span fills into an image: colour, texture and offscreen layers composited source-over
/// (premultiplied, in encoded sRGB, docs/decisions.md "Colour") through coverage masks. Everything is
/// clipped to the image; work is proportional to the mask's box.
public enum Painter {
    /// `color` (premultiplied) scaled by the coverage, over the image.
    public static func fill(_ image: inout Image, color: Pixel, coverage: CoverageMask) {
        guard let b = box(coverage, image), color.a != 0 else { return }
        let stride = image.stride
        let full = PackedPixel.word(color)
        coverage.data.withUnsafeBufferPointer { m in
            image.bytes.withUnsafeMutableBufferPointer { buffer in
                let out = buffer.baseAddress!
                for y in b.y0..<b.y1 {
                    let row = m.baseAddress! + ((y - coverage.y) * coverage.width - coverage.x)
                    var x = b.x0 - 1
                    while true {
                        x = nonZero(row, from: x + 1, to: b.x1)
                        if x == b.x1 { break }
                        let c = row[x]
                        let o = y * stride + x * 4
                        let s = c == 255 ? full : PackedPixel.scale(full, UInt32(c))
                        if s >> 24 == 255 {
                            PackedPixel.store(s, out, o)
                        } else {
                            PackedPixel.store(PackedPixel.sourceOver(s, PackedPixel.load(out, o)), out, o)
                        }
                    }
                }
            }
        }
    }

    /// Draws `texture` through `deviceToTexture`, which maps device pixel coordinates to
    /// level-0 texel coordinates (texel (i, j) covers [i, i+1) x [j, j+1)). Each covered pixel
    /// is sampled at its centre (x + 0.5, y + 0.5) mapped perspective-correctly (divide per
    /// pixel), the level of detail taken from the mapping's derivatives there; the sample is
    /// scaled by coverage and opacity and composited source-over.
    public static func drawTexture(
        _ image: inout Image, _ texture: Texture, deviceToTexture h: Homography, coverage: CoverageMask,
        opacity: UInt8 = 255, filter: TextureFilter = .trilinear
    ) {
        drawTexture(
            &image, texture, deviceToTexture: h, coverage: coverage, opacity: opacity, filter: filter,
            separable: true, perspectiveReference: false)
    }

    /// `separable: false` keeps scaled textures on the per-pixel loop, and
    /// `perspectiveReference: true` perspective ones on the scalar loop: the references the
    /// separable rows and the perspective spans are tested against. `vector`: their AVX2 loops
    /// (CKernels) where the CPU has them, else their Swift ones.
    static func drawTexture(
        _ image: inout Image, _ texture: Texture, deviceToTexture h: Homography, coverage: CoverageMask,
        opacity: UInt8, filter: TextureFilter, separable: Bool, perspectiveReference: Bool = false,
        vector: Bool = SeparableRows.hasAVX2
    ) {
        guard let b = box(coverage, image), opacity != 0, h.isFinite else { return }
        // A homography is defined up to scale, sign included. The covered area lies on one
        // side of the horizon (W = 0), so the first covered pixel fixes the sign; pixels on the
        // other side are then behind the eye and skipped.
        guard let first = firstCovered(coverage, b) else { return }
        let w0 = h.mapHomogeneous(SIMD2(Double(first.x) + 0.5, Double(first.y) + 0.5)).z
        let m = w0 < 0 ? Homography(-h.r0, -h.r1, -h.r2) : h
        let (h00, h01, h02) = (m.r0.x, m.r0.y, m.r0.z)
        let (h10, h11, h12) = (m.r1.x, m.r1.y, m.r1.z)
        let (h20, h21, h22) = (m.r2.x, m.r2.y, m.r2.z)
        // Bilinear, or an affine map (same derivatives everywhere): one plan for every pixel.
        let affine = m.isAffine
        // An affine map with W = 0 sends every pixel to infinity: nothing to draw.
        guard !affine || h22 > 0 else { return }
        let perPixelLOD = filter == .trilinear && !affine
        let stride = image.stride
        let scaleOpacity = UInt32(opacity)
        texture.withSampler { s in
            let fixedPlan =
                filter == .bilinear ? .level(0) : s.plan(lod: lod(h00 / h22, h10 / h22, h01 / h22, h11 / h22))
            let spans = affine ? AffineSpans(m, plan: fixedPlan, box: b, sampler: s) : nil
            coverage.data.withUnsafeBufferPointer { mask in
                image.bytes.withUnsafeMutableBufferPointer { out in
                    let base = out.baseAddress!
                    @inline(__always) func put(_ sample: Sample, _ c: UInt8, _ x: Int, _ y: Int) {
                        Painter.put(sample, UInt32(c) * scaleOpacity, base, y * stride + x * 4)
                    }
                    if let spans, spans.dy0 == 0, spans.dy1 == 0, spans.fx0.y == 0, spans.fx1.y == 0 {
                        // Scale and translation: a row reads the same texel rows with the same
                        // weights, and a column the same texel columns in every row, so both
                        // are found once.
                        if separable,
                            SeparableRows.draw(
                                s, spans, box: b, coverage: coverage, mask: mask.baseAddress!, into: base,
                                stride: stride, opacity: opacity, vector: vector)
                        {
                            return
                        }
                        let l0 = s.levels[spans.k0]
                        let l1 = s.levels[spans.t != 0 ? spans.k0 + 1 : spans.k0]
                        let width = b.x1 - b.x0
                        let (cx0, _, cx1, _) = spans.rowStart(b.y0)
                        withUnsafeTemporaryAllocation(of: TextureSampler.ColumnX.self, capacity: 2 * width) {
                            cols in
                            for i in 0..<width {
                                let n = Int64(i)
                                cols[i] = s.columnX(l0, fixedX: cx0 &+ spans.dx0 &* n)
                                cols[width + i] = s.columnX(l1, fixedX: cx1 &+ spans.dx1 &* n)
                            }
                            for y in b.y0..<b.y1 {
                                let row = mask.baseAddress! + ((y - coverage.y) * coverage.width - coverage.x)
                                let (_, sy0, _, sy1) = spans.rowStart(y)
                                let r0 = s.rowY(l0, fixedY: sy0)
                                let r1 = s.rowY(l1, fixedY: sy1)
                                var x = b.x0 - 1
                                while true {
                                    x = nonZero(row, from: x + 1, to: b.x1)
                                    if x == b.x1 { break }
                                    let i = x - b.x0
                                    var sample = s.bilinear(r0, cols[i])
                                    if spans.t != 0 {
                                        sample = s.mix(sample, s.bilinear(r1, cols[width + i]), spans.t)
                                    }
                                    put(sample, row[x], x, y)
                                }
                            }
                        }
                        return
                    }
                    if let spans {
                        // Affine: texel coordinates advance by a constant per pixel, in fixed point.
                        let l0 = s.levels[spans.k0]
                        let l1 = s.levels[spans.t != 0 ? spans.k0 + 1 : spans.k0]
                        for y in b.y0..<b.y1 {
                            let row = mask.baseAddress! + ((y - coverage.y) * coverage.width - coverage.x)
                            let (sx0, sy0, sx1, sy1) = spans.rowStart(y)
                            var x = b.x0 - 1
                            while true {
                                x = nonZero(row, from: x + 1, to: b.x1)
                                if x == b.x1 { break }
                                // Integer steps: the same coordinates as adding one step per pixel.
                                let n = Int64(x - b.x0)
                                var sample = s.bilinear(
                                    l0, fixedX: sx0 &+ spans.dx0 &* n, fixedY: sy0 &+ spans.dy0 &* n)
                                if spans.t != 0 {
                                    sample = s.mix(
                                        sample,
                                        s.bilinear(
                                            l1, fixedX: sx1 &+ spans.dx1 &* n,
                                            fixedY: sy1 &+ spans.dy1 &* n),
                                        spans.t)
                                }
                                put(sample, row[x], x, y)
                            }
                        }
                        return
                    }
                    if perPixelLOD && !perspectiveReference {
                        PerspectiveSpans.draw(
                            s, m, box: b, coverage: coverage, mask: mask.baseAddress!, into: base,
                            stride: stride, opacity: opacity, vector: vector)
                        return
                    }
                    let affineInverseW = 1 / h22
                    for y in b.y0..<b.y1 {
                        let row = mask.baseAddress! + ((y - coverage.y) * coverage.width - coverage.x)
                        let py = Double(y) + 0.5
                        var x = b.x0 - 1
                        while true {
                            x = nonZero(row, from: x + 1, to: b.x1)
                            if x == b.x1 { break }
                            let c = row[x]
                            let px = Double(x) + 0.5
                            let iw: Double
                            if affine {
                                iw = affineInverseW
                            } else {
                                let w = h20 * px + h21 * py + h22
                                guard w > 0 else { continue }
                                iw = 1 / w
                            }
                            let u = (h00 * px + h01 * py + h02) * iw
                            let v = (h10 * px + h11 * py + h12) * iw
                            let plan =
                                perPixelLOD
                                ? s.plan(
                                    lod: lod(
                                        (h00 - u * h20) * iw, (h10 - v * h20) * iw, (h01 - u * h21) * iw,
                                        (h11 - v * h21) * iw))
                                : fixedPlan
                            put(s.sample(plan, u, v), c, x, y)
                        }
                    }
                }
            }
        }
    }

    /// Fixed-point stepping for an affine map: per level read, (x + 1, y + 1) in that level's
    /// texel coordinates minus 0.5, as 32.32 numbers that advance by constants along a row.
    /// Only built when every value stays far from overflow; otherwise the floating-point loop
    /// runs (same weights up to 2⁻³² texel per pixel stepped).
    struct AffineSpans {
        let k0: Int
        let t: UInt64
        let dx0: Int64, dy0: Int64, dx1: Int64, dy1: Int64
        // Per level: the map from pixel centre to the fixed coordinate, as (a, b, c) rows.
        let fx0: SIMD3<Double>, fy0: SIMD3<Double>, fx1: SIMD3<Double>, fy1: SIMD3<Double>
        let x0: Int

        init?(_ m: Homography, plan: TextureSampler.Plan, box b: PixelBox, sampler s: TextureSampler) {
            let (k, t): (Int, UInt64) =
                switch plan {
                case .level(let k): (k, 0)
                case .blend(let k, let t): (k, t)
                }
            let iw = 1 / m.r2.z
            func rows(_ level: Int) -> (SIMD3<Double>, SIMD3<Double>) {
                let l = s.levels[level]
                // X = u · scale + 0.5 with u = (r0 · (px, py, 1)) / W.
                return (m.r0 * (iw * l.scaleX) + SIMD3(0, 0, 0.5), m.r1 * (iw * l.scaleY) + SIMD3(0, 0, 0.5))
            }
            let (a0, b0) = rows(k)
            let (a1, b1) = rows(t == 0 ? k : k + 1)
            // Bounds: coordinates within ±2²⁸ texels at the box corners and steps within 2¹², so
            // a row of up to 2¹⁶ pixels stays below 2⁶¹ in 32.32.
            guard b.x1 - b.x0 <= 1 << 16 else { return nil }
            for r in [a0, b0, a1, b1] {
                guard abs(r.x) <= 4096 else { return nil }
                for (px, py) in [(b.x0, b.y0), (b.x1, b.y0), (b.x0, b.y1), (b.x1, b.y1)] {
                    let v = r.x * (Double(px) + 0.5) + r.y * (Double(py) + 0.5) + r.z
                    guard v.isFinite, abs(v) <= Double(1 << 28) else { return nil }
                }
            }
            func fixed(_ v: Double) -> Int64 { Int64((v * 4_294_967_296).rounded()) }  // checked: |v| <= 4096 above
            k0 = k
            self.t = t
            (fx0, fy0, fx1, fy1) = (a0, b0, a1, b1)
            (dx0, dy0, dx1, dy1) = (fixed(a0.x), fixed(b0.x), fixed(a1.x), fixed(b1.x))
            x0 = b.x0
        }

        /// The four fixed coordinates at the centre of pixel (x0, y).
        @inline(__always) func rowStart(_ y: Int) -> (Int64, Int64, Int64, Int64) {
            let p = SIMD3(Double(x0) + 0.5, Double(y) + 0.5, 1)
            // The plan exists only where |v| <= 2^28 at the box's corners (init), so inside it too.
            func fixed(_ r: SIMD3<Double>) -> Int64 { Int64(((r * p).sum() * 4_294_967_296).rounded()) }  // checked: init
            return (fixed(fx0), fixed(fy0), fixed(fx1), fixed(fy1))
        }
    }

    /// An offscreen layer (premultiplied) drawn with its top-left pixel at `origin`, scaled by
    /// `opacity`: group opacity, where a whole element fades as one image. With `clip`, only
    /// inside the mask (a parent's masksToBounds), scaled by its coverage.
    public static func composite(
        _ image: inout Image, layer: Image, at origin: (x: Int, y: Int), opacity: UInt8 = 255,
        clip: CoverageMask? = nil
    ) {
        var x0 = max(origin.x, 0)
        var y0 = max(origin.y, 0)
        var x1 = min(origin.x + layer.width, image.width)
        var y1 = min(origin.y + layer.height, image.height)
        if let clip {
            x0 = max(x0, clip.x)
            y0 = max(y0, clip.y)
            x1 = min(x1, clip.x + clip.width)
            y1 = min(y1, clip.y + clip.height)
        }
        guard x0 < x1, y0 < y1, opacity != 0 else { return }
        let (stride, lstride) = (image.stride, layer.stride)
        let mask = clip ?? .full((x0, y0, x1, y1))
        layer.bytes.withUnsafeBufferPointer { srcBuffer in
            mask.data.withUnsafeBufferPointer { m in
                image.bytes.withUnsafeMutableBufferPointer { buffer in
                    let src = srcBuffer.baseAddress!
                    let out = buffer.baseAddress!
                    for y in y0..<y1 {
                        let mrow = (y - mask.y) * mask.width - mask.x
                        for x in x0..<x1 {
                            let c = m[mrow + x]
                            if c == 0 { continue }
                            var p = PackedPixel.load(src, (y - origin.y) * lstride + (x - origin.x) * 4)
                            if p == 0 { continue }
                            let k = c == 255 ? opacity : mul255(opacity, c)
                            if k != 255 { p = PackedPixel.scale(p, UInt32(k)) }
                            let o = y * stride + x * 4
                            PackedPixel.store(
                                p >> 24 == 255 ? p : PackedPixel.sourceOver(p, PackedPixel.load(out, o)), out,
                                o)
                        }
                    }
                }
            }
        }
    }

    // MARK: Helpers

    /// A sample scaled by k / 65025 (coverage x opacity) over the pixel at byte offset i.
    @inline(__always) static func put(
        _ sample: Sample, _ k: UInt32, _ base: UnsafeMutablePointer<UInt8>, _ i: Int
    ) {
        let p = k == 65025 ? sample.word() : PackedPixel.word(sample.pixel(scaledBy: k))
        if p >> 24 == 255 {
            PackedPixel.store(p, base, i)
        } else if p != 0 {
            PackedPixel.store(PackedPixel.sourceOver(p, PackedPixel.load(base, i)), base, i)
        }
    }

    /// The first x in start..<end where `row[x]` is not zero, else `end`; eight bytes a step,
    /// so the empty parts of a rotated cell's or a border's box cost almost nothing.
    @inline(__always) static func nonZero(_ row: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var x = start
        while x + 8 <= end, UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == 0 { x += 8 }
        while x < end, row[x] == 0 { x += 1 }
        return x
    }

    static func firstCovered(_ m: CoverageMask, _ b: PixelBox) -> (x: Int, y: Int)? {
        for y in b.y0..<b.y1 {
            let row = (y - m.y) * m.width - m.x
            for x in b.x0..<b.x1 where m.data[row + x] != 0 { return (x, y) }
        }
        return nil
    }

    /// The mask's box clipped to the image, nil when nothing is left.
    static func box(_ m: CoverageMask, _ image: Image) -> PixelBox? {
        let b = (max(m.x, 0), max(m.y, 0), min(m.x + m.width, image.width), min(m.y + m.height, image.height))
        return b.0 < b.2 && b.1 < b.3 ? b : nil
    }

    /// Level of detail from the derivatives (du/dx, dv/dx) and (du/dy, dv/dy): log2 of the
    /// longer pixel footprint axis in texels (the OpenGL isotropic rule) minus `sharpenBias`;
    /// 0 when that is not positive.
    /// Levels subtracted from the footprint's level of detail.
    static let sharpenBias = 0.5

    @inline(__always) static func lod(_ dux: Double, _ dvx: Double, _ duy: Double, _ dvy: Double) -> Double {
        let r2 = max(dux * dux + dvx * dvx, duy * duy + dvy * dvy)
        // Half a level sharper than the footprint, as GPUs' "sharpen mipmap" option and Skia's
        // SkMipmap::ComputeLevel do: minified thumbnails stay crisp without shimmering.
        return r2 > 2 && r2.isFinite ? 0.5 * fastLog2(r2) - sharpenBias : 0
    }
}
