import Foundation
import FrameGenGeometry

/// Gaussian blur of coverage masks, O(1) work per pixel whatever sigma (docs/design/rendering.md §9).
///
/// Each axis gets `passes` *extended* box filters (Gwosdek, Grewenig, Bruhn, Weickert,
/// "Theoretical foundations of Gaussian convolution by extended box filtering", 2011): a box of
/// integer radius r plus a fractional weight α at ±(r + 1), chosen so each pass has variance
/// exactly σ² / passes. The variance is therefore exact for any sigma (plain integer boxes,
/// the W3C/Skia recipe, are off by up to 10 % at σ = 10), and only the shape differs from a
/// Gaussian: n equal boxes have excess kurtosis -6/(5n). Across a straight edge (the erf
/// profile) the worst difference is 2.5 levels for 3 passes, 1.5 for 5, 1.2 for 6 (the default).
/// Below `directBelowSigma` the boxes are too coarse for the shape (at σ = 0.8 a box recipe is
/// 12-15 levels off), and the kernel is short anyway, so the exact kernel is applied directly:
/// the Gaussian integrated over a source pixel and averaged over a destination pixel, which makes
/// a blurred pixel-aligned edge exactly the pixel averages of the erf profile.
/// Running sums are kept in Double, in a fixed order: the result is deterministic.
public enum Blur {
    /// Sigma (pixels) from which the box passes are used; below it the exact kernel.
    public static let directBelowSigma = 2.0

    /// Largest sigma honoured, in pixels; larger values are clamped (a shadow of 256 px sigma
    /// already spans 1500 px; beyond that the buffers would grow without bound).
    public static let maxSigma = 256.0

    public static let defaultPasses = 6

    /// The mask convolved with a Gaussian of standard deviation `sigma` pixels. The result's
    /// box is the input's grown by the kernel's full support, so nothing is cut off.
    public static func gaussian(_ mask: CoverageMask, sigma: Double, passes: Int = defaultPasses)
        -> CoverageMask
    {
        gaussian(mask, sigmaX: sigma, sigmaY: sigma, passes: passes)
    }

    /// An axis-aligned anisotropic Gaussian (a shadow under a non-uniform scale). A sigma of 0
    /// (or not finite) leaves that axis alone.
    public static func gaussian(
        _ mask: CoverageMask, sigmaX: Double, sigmaY: Double, passes: Int = defaultPasses
    ) -> CoverageMask {
        let fx = AxisFilter(sigma: sigmaX, passes: passes)
        let fy = AxisFilter(sigma: sigmaY, passes: passes)
        guard !mask.isEmpty, fx.grow > 0 || fy.grow > 0 else { return mask }
        let (gx, gy) = (fx.grow, fy.grow)
        let w = mask.width + 2 * gx
        let h = mask.height + 2 * gy
        var plane = [Double](repeating: 0, count: w * h)
        // Lines carry `pad` zeros on both sides so the filters read outside without tests.
        let pad = max(fx.pad, fy.pad)
        var lineA = [Double](repeating: 0, count: max(w, h) + 2 * pad)
        var lineB = lineA
        plane.withUnsafeMutableBufferPointer { p in
            mask.data.withUnsafeBufferPointer { m in
                for y in 0..<mask.height {
                    for x in 0..<mask.width { p[(y + gy) * w + x + gx] = Double(m[y * mask.width + x]) }
                }
            }
            lineA.withUnsafeMutableBufferPointer { bufA in
                lineB.withUnsafeMutableBufferPointer { bufB in
                    let a = bufA.baseAddress! + pad
                    let b = bufB.baseAddress! + pad
                    // Rows holding input only; the others are still zero after the row passes.
                    if gx > 0 {
                        for y in gy..<(gy + mask.height) {
                            for x in 0..<w { a[x] = p[y * w + x] }
                            let r = fx.apply(a, b, count: w, pad: pad)
                            for x in 0..<w { p[y * w + x] = r[x] }
                        }
                    }
                    if gy > 0 {
                        for x in 0..<w {
                            for y in 0..<h { a[y] = p[y * w + x] }
                            let r = fy.apply(a, b, count: h, pad: pad)
                            for y in 0..<h { p[y * w + x] = r[y] }
                        }
                    }
                }
            }
        }
        var out = CoverageMask(x: mask.x - gx, y: mask.y - gy, width: w, height: h)
        plane.withUnsafeBufferPointer { p in
            out.data.withUnsafeMutableBufferPointer { o in
                for i in 0..<(w * h) { o[i] = UInt8((p[i] + 0.5).clampedInt(in: 0...255, nan: 0)) }
            }
        }
        return out
    }

    /// One axis' blur: extended boxes, or the exact kernel for small sigma; grow = its support.
    struct AxisFilter {
        let box: (radius: Int, alpha: Double)
        let kernel: [Double]
        let passes: Int
        let grow: Int
        /// Zeros a line needs on each side.
        let pad: Int

        init(sigma: Double, passes requested: Int) {
            let s = sigma.isFinite ? min(max(sigma, 0), maxSigma) : 0
            passes = max(requested, 1)
            box = extendedBox(variance: s * s / Double(passes))
            kernel = s > 0 && s < directBelowSigma ? exactKernel(sigma: s) : []
            grow = s == 0 ? 0 : (kernel.isEmpty ? passes * (box.radius + 1) : kernel.count / 2)
            pad = s == 0 ? 0 : (kernel.isEmpty ? box.radius + 1 : kernel.count / 2)
        }

        /// Filters a[0..<count]; returns the line holding the result (a or b). Both lines have
        /// `pad` (>= self.pad) valid slots on either side; the left ones are always zero, the
        /// right ones may hold a longer earlier line and are cleared here.
        func apply(
            _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, count: Int, pad: Int
        ) -> UnsafeMutablePointer<Double> {
            (a + count).update(repeating: 0, count: pad)
            (b + count).update(repeating: 0, count: pad)
            if !kernel.isEmpty {
                convolve(a, b, count: count, kernel: kernel)
                return b
            }
            blurLine(a, b, count: count, box: box, passes: passes)
            return passes % 2 == 0 ? a : b
        }
    }

    /// A box of radius r with end weights α (0 <= α < 1) whose variance is `variance`:
    /// (r(r+1)(2r+1)/3 + 2α(r+1)²) / (2r+1+2α) = variance.
    static func extendedBox(variance v: Double) -> (radius: Int, alpha: Double) {
        var r = (((1 + 12 * v).squareRoot() - 1) / 2).rounded(.down).clampedInt(in: 0...1 << 20, nan: 0)
        // Guard against rounding at the boundary: need r(r+1)/3 <= v < (r+1)(r+2)/3.
        while Double(r * (r + 1)) / 3 > v { r -= 1 }
        while Double((r + 1) * (r + 2)) / 3 <= v { r += 1 }
        let rd = Double(r)
        let alpha = (2 * rd + 1) * (v - rd * (rd + 1) / 3) / (2 * ((rd + 1) * (rd + 1) - v))
        return (r, alpha)
    }

    /// `passes` box filters over a[0..<count], ping-ponging between a and b (the result is in
    /// a after an even number of passes, in b after an odd one). Samples outside are zero.
    /// Both lines must be readable (and zero) r + 1 slots beyond each end.
    static func blurLine(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, count n: Int,
        box: (radius: Int, alpha: Double), passes: Int
    ) {
        let r = box.radius
        let alpha = box.alpha
        let norm = 1 / (Double(2 * r + 1) + 2 * alpha)
        var src = a
        var dst = b
        for _ in 0..<passes {
            // sum = src[i-r ... i+r], kept by adding the entering and removing the leaving sample.
            var sum = 0.0
            for j in -r...r { sum += src[j] }
            for i in 0..<n {
                dst[i] = (sum + alpha * (src[i - r - 1] + src[i + r + 1])) * norm
                sum += src[i + r + 1] - src[i - r]
            }
            swap(&src, &dst)
        }
    }

    /// Taps d = -R...R of the Gaussian seen between two unit pixels: ∫∫ over source and
    /// destination pixel of N(0, σ²) = the Gaussian convolved with the unit triangle, sampled at
    /// integers. With F2(x) = x Φ(x/σ) + σ φ(x/σ) (the Gaussian's second antiderivative),
    /// T(d) = F2(d + 1) - 2 F2(d) + F2(d - 1). Normalised to sum 1.
    static func exactKernel(sigma s: Double) -> [Double] {
        func f2(_ x: Double) -> Double {
            let z = x / s
            return x * 0.5 * (1 + erf(z / 2.0.squareRoot())) + s * exp(-0.5 * z * z)
                / (2 * Double.pi).squareRoot()
        }
        let radius = (4 * s).rounded(.up).clampedInt(in: 0...1 << 20, nan: 0) + 1
        var k = (-radius...radius).map { d -> Double in
            let x = Double(d)
            return f2(x + 1) - 2 * f2(x) + f2(x - 1)
        }
        let total = k.reduce(0, +)
        for i in k.indices { k[i] /= total }
        return k
    }

    /// dst = src ⊛ kernel (centred); src must be readable (and zero) a kernel radius beyond
    /// each end.
    static func convolve(
        _ src: UnsafeMutablePointer<Double>, _ dst: UnsafeMutablePointer<Double>, count n: Int,
        kernel: [Double]
    ) {
        let r = kernel.count / 2
        kernel.withUnsafeBufferPointer { k in
            for i in 0..<n {
                var acc = 0.0
                for t in 0..<k.count { acc += src[i + r - t] * k[t] }
                dst[i] = acc
            }
        }
    }
}
