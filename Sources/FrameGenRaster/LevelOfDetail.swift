import CFrameGenKernels

/// FrameGenRaster's names for the level of detail and the mip levels it reads. Both are defined once,
/// in CFrameGenKernels' `level_of_detail.h`: the AVX2 kernels cannot call Swift, so the Swift loops call
/// the C definition (inlined like Swift code) and every loop gets the same bits.
enum LevelOfDetail {
    typealias Lanes = SIMD4<Double>

    /// From the derivatives (du/dx, dv/dx) and (du/dy, dv/dy): log2 of the longer pixel
    /// footprint axis in texels less `CKERNELS_SHARPEN_BIAS` (half a level, docs/decisions.md,
    /// "Agreement with Skia"); 0 when that is not positive or not finite.
    @inline(__always) static func of(_ dux: Double, _ dvx: Double, _ duy: Double, _ dvy: Double) -> Double {
        ckernels_level_of_detail(
            Lanes(repeating: dux), Lanes(repeating: dvx), Lanes(repeating: duy), Lanes(repeating: dvy)
        ).x
    }

    /// W, the texel coordinates (after the divide) and the level of detail at four points.
    struct Footprint {
        var w: Lanes, u: Lanes, v: Lanes, lod: Lanes
    }

    /// The footprint at the points (x + i, y), i = 0...3, under `m` (its sign fixed so that
    /// W > 0 in front of the eye).
    @inline(__always) static func footprint(_ m: ckernels_map, _ x: Double, _ y: Double) -> Footprint {
        let f = ckernels_footprint_at(m, x, y)
        return Footprint(
            w: unsafeBitCast(f.w, to: Lanes.self), u: unsafeBitCast(f.u, to: Lanes.self),
            v: unsafeBitCast(f.v, to: Lanes.self), lod: unsafeBitCast(f.lod, to: Lanes.self))
    }

    /// The mip levels `lod` reads among levels 0...last: `level` alone, or `level` and
    /// `level + 1` mixed by t / 256 when t is not 0.
    @inline(__always) static func levels(_ lod: Double, last: Int) -> (level: Int, t: UInt64) {
        let c = ckernels_mip_levels(lod, Int64(last))
        return (Int(truncatingIfNeeded: c.level), c.t)
    }
}

extension Homography {
    /// The map as the level-of-detail code reads it: u, v and W's coefficients.
    var texelMap: ckernels_map {
        ckernels_map(
            ux: m11, uy: m21, u0: m31, vx: m12, vy: m22, v0: m32, wx: m13, wy: m23, w0: m33)
    }
}
