#ifndef CKERNELS_LEVEL_OF_DETAIL_H
#define CKERNELS_LEVEL_OF_DETAIL_H

#include <stdint.h>

/* The level of detail of a texture read and the mip levels it reads: the one definition, which
   FrameGenRaster's Swift loops (scalar and in lanes, and the mip demand of the texture cache) and the
   AVX2 kernels (kernels.c) all call. In C because the kernels cannot call Swift; static inline so
   that each caller compiles it for its own target (the kernels with AVX2, Swift for the baseline)
   and inlines it. Every floating-point operation rounds once (no contraction), so every caller
   gets the same bits, and so every pixel. */

/* Four doubles in lanes (SIMD4<Double> in Swift), and lane masks (all ones or zero). Only the
   functions below pass them, all compiled for one target (inlined, or at -O0 all for the
   baseline): what crosses from the AVX2 kernels is scalars and arrays, so -Wpsabi's warning that
   a 256-bit vector argument differs between AVX and SSE code does not apply. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpsabi"
typedef double ckernels_lanes __attribute__((ext_vector_type(4)));
typedef int64_t ckernels_lane_bits __attribute__((ext_vector_type(4)));

/* Levels subtracted from the footprint's level of detail: half a level sharper, as GPUs' "sharpen
   mipmap" option and Skia's SkMipmap::ComputeLevel do, so minified thumbnails stay crisp without
   shimmering (docs/decisions.md, "Agreement with Skia"). */
#define CKERNELS_SHARPEN_BIAS 0.5

/* log2 within 0.008, from the exponent and a quadratic in the mantissa: enough to choose and blend
   mip levels, several times cheaper than log2, and exactly 0 at 1 so that unscaled maps take the
   magnification path. Requires x > 0. The exponent e (0...2047) becomes a double exactly as
   (2^52 + e) - (2^52 + 1023): SSE2 and AVX2 have no 64-bit integer to double conversion in lanes. */
static inline ckernels_lanes ckernels_fast_log2(ckernels_lanes x) {
#pragma clang fp contract(off)
    ckernels_lane_bits bits = (ckernels_lane_bits)x;
    ckernels_lanes biased = (ckernels_lanes)(((bits >> 52) & 0x7FF) | 0x4330000000000000);
    ckernels_lanes e = biased - (4503599627370496.0 + 1023);
    ckernels_lanes f = (ckernels_lanes)((bits & 0x000FFFFFFFFFFFFF) | 0x3FF0000000000000) - 1;
    return e + f * (1.3465552 - 0.34655524 * f);
}

/* The level of detail from the derivatives (du/dx, dv/dx) and (du/dy, dv/dy): log2 of the longer
   pixel footprint axis in texels (OpenGL's isotropic rule) less CKERNELS_SHARPEN_BIAS; 0 where
   that is not positive or the footprint is not finite (NaN included). */
static inline ckernels_lanes ckernels_level_of_detail(ckernels_lanes dux, ckernels_lanes dvx, ckernels_lanes duy,
                                                      ckernels_lanes dvy) {
#pragma clang fp contract(off)
    ckernels_lanes a = dux * dux + dvx * dvx;
    ckernels_lanes b = duy * duy + dvy * dvy;
    /* Swift's max(a, b): b when it is not smaller, so NaN in a gives b and NaN in b gives a. */
    ckernels_lane_bits second = b >= a;
    ckernels_lanes r2 = (ckernels_lanes)(((ckernels_lane_bits)b & second) | ((ckernels_lane_bits)a & ~second));
    ckernels_lane_bits minified = (r2 > 2.0) & (r2 < __builtin_inf());
    /* Magnified lanes have 0 whatever the logarithm: skip it when all are. */
    if (!(minified[0] | minified[1] | minified[2] | minified[3])) return (ckernels_lanes){0, 0, 0, 0};
    ckernels_lanes lod = 0.5 * ckernels_fast_log2(r2) - CKERNELS_SHARPEN_BIAS;
    return (ckernels_lanes)((ckernels_lane_bits)lod & minified);
}

/* A map from device pixels to level-0 texels, by what each coefficient makes: before the divide
   by w, u = ux * x + uy * y + u0, and likewise v and w (FrameGenRaster's Homography fills it). */
typedef struct {
    double ux, uy, u0, vx, vy, v0, wx, wy, w0;
} ckernels_map;

/* Four points read through a map: w, the texel coordinates (u, v) after the divide, and the
   level of detail. */
typedef struct {
    double w[4], u[4], v[4], lod[4];
} ckernels_footprint;

/* The footprint at the four points (x + i, y), i = 0...3 (four pixels' centres along a row, or a
   point in lane 0), under m, whose sign the caller has fixed so that w > 0 in front of the eye
   (lanes with w <= 0 are behind it: callers skip them). The derivatives are the
   perspective-correct ones, d(u)/dx = (ux - u * wx) / w and so on. */
static inline ckernels_footprint ckernels_footprint_at(ckernels_map m, double x, double py) {
#pragma clang fp contract(off)
    ckernels_lanes px = x + (ckernels_lanes){0, 1, 2, 3};
    ckernels_lanes w = (m.wx * px + m.wy * py) + m.w0;
    ckernels_lanes iw = 1 / w;
    ckernels_lanes u = ((m.ux * px + m.uy * py) + m.u0) * iw;
    ckernels_lanes v = ((m.vx * px + m.vy * py) + m.v0) * iw;
    ckernels_lanes lod = ckernels_level_of_detail((m.ux - u * m.wx) * iw, (m.vx - v * m.wx) * iw,
                                                  (m.uy - u * m.wy) * iw, (m.vy - v * m.wy) * iw);
    ckernels_footprint f;
    for (int i = 0; i < 4; i++) {
        f.w[i] = w[i];
        f.u[i] = u[i];
        f.v[i] = v[i];
        f.lod[i] = lod[i];
    }
    return f;
}

/* The mip levels a level of detail reads, of levels 0...last: `level` alone when t is 0,
   otherwise `level` and `level` + 1 mixed by t / 256. Below 1/512 (and NaN) level 0: a blend that
   small would not change an 8-bit result, and identity maps stay exact despite rounding in their
   derivatives. */
typedef struct {
    int64_t level;
    uint64_t t;
} ckernels_mip_choice;

static inline ckernels_mip_choice ckernels_mip_levels(double lod, int64_t last) {
#pragma clang fp contract(off)
    ckernels_mip_choice c = {0, 0};
    if (!(lod > 1.0 / 512)) return c;
    if (!(lod < (double)last)) {
        c.level = last;
        return c;
    }
    /* 1/512 < lod < last: the conversions cannot overflow, and t lies in 0...256. */
    c.level = (int64_t)lod;
    c.t = (uint64_t)((lod - (double)c.level) * 256 + 0.5);
    return c;
}

#pragma clang diagnostic pop

#endif
