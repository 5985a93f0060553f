#ifndef CKERNELS_H
#define CKERNELS_H

#include <stdint.h>

#include "level_of_detail.h"

/* Pixel loops written with wider vector instructions than the portable x86-64 baseline the
   Swift code is compiled for, chosen at run time (ckernels_has_avx2). Each gives exactly the
   bytes of the Swift loop it stands in for; the Swift loop stays the reference and the fallback. */

/* One pixel's two texel columns (indices into a row's vertical blends) and their 12-bit
   weights: Raster's SeparableRows.Tap. */
typedef struct {
    int32_t i0, i1;
    uint32_t w0, w1;
} ckernels_tap;

/* 1 when this CPU runs AVX2 (and the OS saves its registers). */
int ckernels_has_avx2(void);

/* SeparableRows' pixel loop for pixels [x0, x1) of one row (AVX2 only: call it only when
   ckernels_has_avx2()). v0 (and v1 when levels == 2) are the row's vertical blends, four uint32
   channels a texel column; tap0/tap1 are indexed by x - box_x0; mask and out are the row's
   coverage and RGBA8 pixels indexed by x. Each pixel: horizontal sample, level mix by t / 256,
   scaled by mask[x] * opacity / 65025 rounded once, source-over onto out. */
void ckernels_separable_row_avx2(const uint32_t *v0, const uint32_t *v1, const ckernels_tap *tap0,
                                 const ckernels_tap *tap1, int levels, uint32_t t, const uint8_t *mask,
                                 uint8_t *out, int x0, int x1, int box_x0, uint32_t opacity);

/* A mip level as Raster's Texture.Level: size, byte offset in the texels, level-0 to level
   coordinate scales. */
typedef struct {
    int64_t width, height, offset;
    double scale_x, scale_y;
} ckernels_level;

/* Raster's perspective spans for pixels [x0, x1) of row y (AVX2 only): m is the device-to-texture
   map (its sign fixed so that w > 0 in front), py = y + 0.5; mask and out are the row's coverage
   and RGBA8 pixels indexed by x. Each covered pixel in front of the eye: its footprint
   (ckernels_footprint_at), trilinear sample, scaled by mask[x] * opacity / 65025 rounded once,
   source-over onto out. */
void ckernels_perspective_row_avx2(ckernels_map m, double py, const uint8_t *texels,
                                   const ckernels_level *levels, int level_count, const uint8_t *mask,
                                   uint8_t *out, int x0, int x1, uint32_t opacity);

#endif
