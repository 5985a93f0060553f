/// The texture loop for an affine map that is not only a scale (a rotated or sheared cell):
/// texel coordinates advance by a constant per pixel, stepped in fixed point, one plan of mip
/// levels for every pixel.
///
/// Per level read, (x + 1, y + 1) in that level's texel coordinates minus 0.5, as 32.32 numbers
/// that advance by constants along a row. Only built when every value stays far from overflow;
/// otherwise `PixelByPixel` runs (same weights up to 2⁻³² texel per pixel stepped). The scaled
/// loops (`SeparableRows`) read their columns and rows from these numbers too.
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
        let iw = 1 / m.m33
        func rows(_ level: Int) -> (SIMD3<Double>, SIMD3<Double>) {
            let l = s.levels[level]
            // X = u · scale + 0.5 with u = (xTerms · (px, py, 1)) / W.
            return (
                m.xTerms * (iw * l.scaleX) + SIMD3(0, 0, 0.5), m.yTerms * (iw * l.scaleY) + SIMD3(0, 0, 0.5)
            )
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
        (fixed(fx0, y), fixed(fy0, y), fixed(fx1, y), fixed(fy1, y))
    }

    /// `rowStart`'s two y coordinates alone (levels k0 and k0 + 1): what a scaled texture's row
    /// needs.
    @inline(__always) func rowStartY(_ y: Int) -> (Int64, Int64) {
        (fixed(fy0, y), fixed(fy1, y))
    }

    /// Row r of a level's map at the centre of pixel (x0, y), in 32.32.
    @inline(__always) private func fixed(_ r: SIMD3<Double>, _ y: Int) -> Int64 {
        let p = SIMD3(Double(x0) + 0.5, Double(y) + 0.5, 1)
        // The plan exists only where |v| <= 2^28 at the box's corners (init), so inside it too.
        return Int64(((r * p).sum() * 4_294_967_296).rounded())  // checked: init
    }

    /// Draws every covered pixel of the target's box.
    func draw(_ target: TextureTarget) {
        let (s, b) = (target.sampler, target.box)
        let l0 = s.levels[k0]
        let l1 = s.levels[t != 0 ? k0 + 1 : k0]
        for y in b.y0..<b.y1 {
            let row = target.coverageRow(y)
            let (sx0, sy0, sx1, sy1) = rowStart(y)
            var x = b.x0 - 1
            while true {
                x = Painter.nonZero(row, from: x + 1, to: b.x1)
                if x == b.x1 { break }
                // Integer steps: the same coordinates as adding one step per pixel.
                let n = Int64(x - b.x0)
                var sample = s.bilinear(l0, fixedX: sx0 &+ dx0 &* n, fixedY: sy0 &+ dy0 &* n)
                if t != 0 {
                    sample = s.mix(
                        sample, s.bilinear(l1, fixedX: sx1 &+ dx1 &* n, fixedY: sy1 &+ dy1 &* n), t)
                }
                target.put(sample, row[x], x, y)
            }
        }
    }
}
