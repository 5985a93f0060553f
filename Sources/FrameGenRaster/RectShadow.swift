import Foundation
import FrameGenGeometry

/// Shadows of rectangles, drawn analytically (docs/design/rendering.md §9): the rect blurred by an
/// isotropic Gaussian in its own plane is Φ-differences along each local axis, Px(u) · Py(v), so
/// each device pixel maps back to the plane and reads four values of Φ from a table. The cost is
/// constant per pixel whatever sigma, nothing is allocated, and only the pixels of the shadow's
/// own (projected, grown) quad are visited. Under rotation, scale and perspective the result is
/// the shadow of docs/design/rendering.md §9 (made in the layer's plane, then transformed), not an
/// approximation of it.
public enum RectShadow {
    /// Tables cover z = -6...6; beyond, Φ is 0 or 1 and its integral 0 or z.
    static let tableRange = 6.0
    static let tableStepsPerUnit = 64.0
    /// Φ(z) and F(z) = ∫Φ = zΦ(z) + φ(z) at steps of 1/64; linear interpolation between entries
    /// is within 10⁻⁵ for both (|Φ''|, |F''| <= 0.4).
    static let tables: [Double] = {
        let n = Int(2 * tableRange * tableStepsPerUnit) + 2  // checked: constants, 768
        var t = [Double](repeating: 0, count: 2 * n)
        for i in 0..<n {
            let z = Double(i) / tableStepsPerUnit - tableRange
            let cdf = 0.5 * (1 + erf(z / 2.0.squareRoot()))
            t[2 * i] = cdf
            t[2 * i + 1] = z * cdf + exp(-0.5 * z * z) / (2 * Double.pi).squareRoot()
        }
        return t
    }()

    /// Sigmas beyond this many from the rect's edges contribute less than half a level.
    static let reach = 3.5

    /// One local axis of the blurred rect, as seen by a device pixel: the Gaussian profile
    /// averaged over the pixel's extent ℓ along that axis (exact for an axis-aligned pixel,
    /// ℓ's variance kept under rotation). When ℓ is small against sigma the average is the
    /// Gaussian with the box's variance added, which needs half the table reads.
    struct Axis {
        let lo: Double, hi: Double
        let invS: Double
        let halfL: Double
        let norm: Double
        let boxed: Bool

        init(lo: Double, hi: Double, sigma: Double, pixel l: Double) {
            self.lo = lo
            self.hi = hi
            boxed = l > 0.5 * sigma
            let s = boxed ? sigma : (sigma * sigma + l * l / 12).squareRoot()
            invS = 1 / s
            halfL = 0.5 * l / s
            norm = s / l
        }
    }

    /// Fills `rect` (local units) blurred by a Gaussian of `sigma` local units, mapped to the
    /// device by `h`, with premultiplied `color` source-over, inside `clip`. False when the map
    /// cannot be used (a grown corner behind the eye, singular, not finite): the caller then
    /// blurs a coverage mask instead. Under an affine map, pixels lying wholly inside `hidden`
    /// (local units; an opaque layer about to be drawn over the shadow) are left alone.
    @discardableResult
    public static func fill(
        _ image: inout Image, color: Pixel, rect: Rect, sigma: Double, localToDevice h: Homography,
        clip: PixelBox, hidden: Rect? = nil
    ) -> Bool {
        guard sigma > 0, sigma.isFinite, rect.width > 0, rect.height > 0, h.isFinite,
            let inv = h.inverted
        else { return false }
        guard color.a != 0 else { return true }
        // A device pixel's extent along each local axis, from the map's derivatives at the
        // rect's centre (constant for an affine map).
        let hc = h.mapHomogeneous(SIMD2(rect.midX, rect.midY))
        guard hc.z > 0 else { return false }
        let dc = SIMD2(hc.x, hc.y) / hc.z
        let ic = inv.mapHomogeneous(dc)
        guard ic.z != 0 else { return false }
        let (uc, vc) = (ic.x / ic.z, ic.y / ic.z)
        let dux = (inv.m11 - uc * inv.m13) / ic.z
        let duy = (inv.m21 - uc * inv.m23) / ic.z
        let dvx = (inv.m12 - vc * inv.m13) / ic.z
        let dvy = (inv.m22 - vc * inv.m23) / ic.z
        let lu = (dux * dux + duy * duy).squareRoot()
        let lv = (dvx * dvx + dvy * dvy).squareRoot()
        guard lu > 0, lv > 0, lu.isFinite, lv.isFinite else { return false }
        let ax = Axis(lo: rect.minX, hi: rect.maxX, sigma: sigma, pixel: lu)
        let ay = Axis(lo: rect.minY, hi: rect.maxY, sigma: sigma, pixel: lv)
        let gx = reach * (sigma * sigma + lu * lu / 12).squareRoot() + lu
        let gy = reach * (sigma * sigma + lv * lv / 12).squareRoot() + lv
        let corners = [
            SIMD2(rect.minX - gx, rect.minY - gy), SIMD2(rect.maxX + gx, rect.minY - gy),
            SIMD2(rect.maxX + gx, rect.maxY + gy), SIMD2(rect.minX - gx, rect.maxY + gy),
        ]
        var q = [SIMD2<Double>]()
        q.reserveCapacity(4)
        for p in corners {
            let m = h.mapHomogeneous(p)
            guard m.z > 1e-9 else { return false }
            q.append(SIMD2(m.x, m.y) / m.z)
        }
        let lo = q.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) }
        let hi = q.reduce(-SIMD2(Double.infinity, .infinity)) { pointwiseMax($0, $1) }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return false }
        // Clamped to the image both ways: a quad wholly off one side (an offset of -1e300)
        // gives an empty box, never a trap.
        let by0 = max(clip.y0, lo.y.rounded(.down).clampedInt(in: 0...image.height, nan: image.height))
        let by1 = min(clip.y1, hi.y.rounded(.up).clampedInt(in: 0...image.height, nan: 0))
        let bx0 = max(clip.x0, lo.x.rounded(.down).clampedInt(in: 0...image.width, nan: image.width))
        let bx1 = min(clip.x1, hi.x.rounded(.up).clampedInt(in: 0...image.width, nan: 0))
        guard bx0 < bx1, by0 < by1 else { return true }

        let affine = inv.isAffine
        // A pixel whose centre is a pixel's extent inside `hidden` lies wholly inside it.
        var skip = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        if affine, let r = hidden, r.width > 2 * lu, r.height > 2 * lv {
            skip = (r.minX + lu, r.minY + lv, r.maxX - lu, r.maxY - lv)
        }
        // Where no layer hides it, a pixel whose centre is `reach` sigmas (and a pixel) inside
        // the rect on both axes is the colour itself: each profile is then above 1 - 2Φ(-3.5),
        // their product above 254.7 / 255, which rounds to the full level. Those runs are
        // stored without reading the tables (the inside of a large card's shadow).
        var solid = false
        if affine, skip.x0 >= skip.x1, rect.width > 2 * gx, rect.height > 2 * gy {
            skip = (rect.minX + gx, rect.minY + gy, rect.maxX - gx, rect.maxY - gy)
            solid = true
        }
        let (a0, a1, a2) = (inv.m11, inv.m21, inv.m31)
        let (b0, b1, b2) = (inv.m12, inv.m22, inv.m32)
        let (c0, c1, c2) = (inv.m13, inv.m23, inv.m33)
        let full = PackedPixel.word(color)
        let stride = image.stride
        let steps = tableStepsPerUnit
        let range = tableRange
        let last = Double(tables.count / 2 - 2)
        tables.withUnsafeBufferPointer { table in
            let t = table.baseAddress!
            // Entry `which` (0: Φ, 1: F) at z, linearly interpolated.
            @inline(__always) func lookup(_ z: Double, _ which: Int) -> Double {
                var p = (z + range) * steps
                p = p > 0 ? (p < last ? p : last) : 0
                let i = Int(p)  // checked: p is in 0...last just above (NaN: 0)
                let f = p - Double(i)
                let a = t[2 * i + which]
                return a + f * (t[2 * i + 2 + which] - a)
            }
            @inline(__always) func integral(_ z: Double) -> Double {
                z > range ? z : lookup(z, 1)
            }
            @inline(__always) func profile(_ a: Axis, _ u: Double) -> Double {
                let z1 = (a.hi - u) * a.invS
                let z0 = (a.lo - u) * a.invS
                if !a.boxed { return lookup(z1, 0) - lookup(z0, 0) }
                let d = a.halfL
                return a.norm * (integral(z1 + d) - integral(z1 - d) - integral(z0 + d) + integral(z0 - d))
            }
            // Axis-aligned (no turn, no perspective): u follows x alone and v y alone, so the
            // profile along x is read once per column and along y once per row; each pixel is
            // then their product, the same product of the same values as below.
            let separable = affine && a1 == 0 && b0 == 0
            let columns = separable ? bx1 - bx0 : 0
            withUnsafeTemporaryAllocation(of: Double.self, capacity: max(columns, 1)) { columnBuffer in
                let alongX = columnBuffer.baseAddress!
                for i in 0..<columns {
                    var u = a0 * (Double(bx0 + i) + 0.5) + a2
                    if c2 != 1 { u /= c2 }
                    alongX[i] = profile(ax, u)
                }
                image.bytes.withUnsafeMutableBufferPointer { buffer in
                    let out = buffer.baseAddress!
                    for y in by0..<by1 {
                        // The quad's extent within this pixel row: edges clipped to [y, y + 1].
                        let (ya, yb) = (Double(y), Double(y + 1))
                        var minX = Double.infinity
                        var maxX = -Double.infinity
                        for k in 0..<4 {
                            let p = q[k]
                            let r = q[(k + 1) & 3]
                            let (top, bottom) = p.y < r.y ? (p, r) : (r, p)
                            let ta = max(ya, top.y)
                            let tb = min(yb, bottom.y)
                            guard ta <= tb else { continue }
                            let dy = bottom.y - top.y
                            let xa = dy > 0 ? top.x + (ta - top.y) / dy * (bottom.x - top.x) : top.x
                            let xb = dy > 0 ? top.x + (tb - top.y) / dy * (bottom.x - top.x) : bottom.x
                            minX = min(minX, min(xa, xb))
                            maxX = max(maxX, max(xa, xb))
                        }
                        guard minX <= maxX else { continue }
                        let xs = max(bx0, minX.rounded(.down).clampedInt(in: bx0...bx1, nan: bx1))
                        let xe = min(bx1, maxX.rounded(.up).clampedInt(in: bx0...bx1, nan: bx0))
                        guard xs < xe else { continue }
                        let py = Double(y) + 0.5
                        let row = y * stride
                        // Under an affine map u and v are linear along the row: the hidden pixels
                        // are one run, found by solving four inequalities; a pixel of slack each
                        // side keeps rounding from skipping anything visible.
                        var (hx0, hx1) = (xe, xe)
                        if skip.x0 < skip.x1 {
                            var lo = -Double.infinity
                            var hi = Double.infinity
                            @inline(__always) func within(_ k: Double, _ c: Double, _ a: Double, _ b: Double)
                            {
                                // a < k·px + c < b
                                if k == 0 {
                                    if !(c > a && c < b) { (lo, hi) = (1, 0) }
                                } else {
                                    let (p, q) = ((a - c) / k, (b - c) / k)
                                    lo = max(lo, min(p, q))
                                    hi = min(hi, max(p, q))
                                }
                            }
                            within(a0 / c2, (a1 * py + a2) / c2, skip.x0, skip.x1)
                            within(b0 / c2, (b1 * py + b2) / c2, skip.y0, skip.y1)
                            if lo < hi, lo.isFinite, hi.isFinite {
                                let first = max(
                                    xs, (lo - 0.5).rounded(.up).clampedInt(in: (xs - 1)...xe, nan: xe) + 1)
                                let last = min(xe, (hi - 0.5).rounded(.down).clampedInt(in: xs...xe, nan: xs))
                                if first < last { (hx0, hx1) = (first, last) }
                            }
                        }
                        if solid, hx0 < hx1 {
                            for x in hx0..<hx1 {
                                let o = row + x * 4
                                if full >> 24 == 255 {
                                    PackedPixel.store(full, out, o)
                                } else {
                                    PackedPixel.store(
                                        PackedPixel.sourceOver(full, PackedPixel.load(out, o)), out, o)
                                }
                            }
                        }
                        var alongY = 0.0
                        if separable {
                            var v = b1 * py + b2
                            if c2 != 1 { v /= c2 }
                            alongY = profile(ay, v)
                        }
                        for part in 0..<2 {
                            let (from, to) = part == 0 ? (xs, hx0) : (hx1, xe)
                            guard from < to else { continue }
                            for x in from..<to {
                                let value: Double
                                if separable {
                                    value = alongX[x - bx0] * alongY
                                } else {
                                    let px = Double(x) + 0.5
                                    var u = a0 * px + a1 * py + a2
                                    var v = b0 * px + b1 * py + b2
                                    if !affine {
                                        let w = c0 * px + c1 * py + c2
                                        guard w > 0 else { continue }
                                        u /= w
                                        v /= w
                                    } else if c2 != 1 {
                                        u /= c2
                                        v /= c2
                                    }
                                    value = profile(ax, u) * profile(ay, v)
                                }
                                let k = UInt32((value * 255 + 0.5).clampedInt(in: 0...255, nan: 0))
                                if k == 0 { continue }
                                let o = row + x * 4
                                let src = k >= 255 ? full : PackedPixel.scale(full, k)
                                if src >> 24 == 255 {
                                    PackedPixel.store(src, out, o)
                                } else {
                                    PackedPixel.store(
                                        PackedPixel.sourceOver(src, PackedPixel.load(out, o)), out, o)
                                }
                            }
                        }
                    }
                }
            }
        }
        return true
    }
}
