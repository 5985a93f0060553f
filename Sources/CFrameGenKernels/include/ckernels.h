#ifndef CKERNELS_H
#define CKERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "level_of_detail.h"

/* Pixel loops written with wider vector instructions than the portable x86-64 baseline the
   Swift code is compiled for, chosen at run time (ckernels_has_avx2). Each gives exactly the
   bytes of the Swift loop it stands in for; the Swift loop stays the reference and the fallback. */

/* 1 when this CPU runs AVX2 (and the OS saves its registers) and the instruction-set ceiling
   (CFrameGenISA: FRAMEGEN_ISA, `bench --isa`) allows it: asked again at each use, since the ceiling may
   change while the process runs. */
int ckernels_has_avx2(void);

/* SeparableRows' pixel loop for pixels [x0, x1) of one row (AVX2 only: call it only when
   ckernels_has_avx2()). v0 (and v1 when levels == 2) are the row's vertical blends in 8.7 fixed
   point, four uint16 channels a texel column, each followed by one more column that may be read
   with weight 0; index (a pixel's first column) and weights (four lanes of w << 8, w the 7-bit
   weight of the next column) are indexed by x - box_x0; mask and out are the row's coverage and
   RGBA8 pixels indexed by x. Each pixel: horizontal sample, level mix by t / 256, scaled by
   mask[x] * opacity / 65025 in 16-bit fixed point (SeparableRows.factor, .scale) and rounded to
   8 bits once, source-over onto out. over_color: every pixel of out holds color (a premultiplied
   word) and the texture is opaque, so fully covered pixels are blended with a constant, the same
   bytes without reading out. */
void ckernels_scaled_row_avx2(const uint16_t *v0, const uint16_t *v1, const int64_t *index0, const int64_t *index1,
                              const int16_t *weights0, const int16_t *weights1, int levels, uint32_t t,
                              const uint8_t *mask, uint8_t *out, int x0, int x1, int box_x0, uint32_t opacity,
                              int over_color, uint32_t color);

/* FrameGenRaster's Painter.sourceOverRow (AVX2 only): count premultiplied words (R in the low byte)
   source-over onto count RGBA8 pixels at out. */
void ckernels_source_over_row_avx2(const uint32_t *words, uint8_t *out, int count);

/* SeparableRows' vertical blend (AVX2 only): for texel columns j in [0, count), four channels
   each, v[4j + c] = top[4j + c] * (128 - w) + bottom[4j + c] * w (w < 128). */
void ckernels_vertical_blend_avx2(const uint8_t *top, const uint8_t *bottom, uint32_t w, int count, uint16_t *v);

/* A mip level as FrameGenRaster's Texture.Level: size, byte offset in the texels, level-0 to level
   coordinate scales. */
typedef struct {
    int64_t width, height, offset;
    double scale_x, scale_y;
} ckernels_level;

/* FrameGenRaster's perspective spans for pixels [x0, x1) of row y (AVX2 only): m is the device-to-texture
   map (its sign fixed so that w > 0 in front), py = y + 0.5; mask and out are the row's coverage
   and RGBA8 pixels indexed by x. Each covered pixel in front of the eye: its footprint
   (ckernels_footprint_at), trilinear sample, scaled by mask[x] * opacity / 65025 rounded once,
   source-over onto out. */
void ckernels_perspective_row_avx2(ckernels_map m, double py, const uint8_t *texels,
                                   const ckernels_level *levels, int level_count, const uint8_t *mask,
                                   uint8_t *out, int x0, int x1, uint32_t opacity);

/* One mip level from the one before (FrameGenRaster's Texture.reduce, the reference it is tested
   against): src is sw x sh RGBA8 texels, dst dw x dh; along an axis that halves, an even size
   takes texel pairs (weights 1 1), an odd one a [1 2 1] tent centred on each odd texel; an axis
   of one texel stays. The weights' total is a power of two (1 to 16): each channel is the
   weighted sum rounded half up. Plain C: a debug build's Swift loop was a tenth of the fast
   tier's time. */
void ckernels_reduce_level(const uint8_t *src, int64_t sw, int64_t sh, uint8_t *dst, int64_t dw, int64_t dh);

/* Keeps freed memory in the process for reuse, up to `keep` bytes, and serves allocations below
   `direct` bytes from the heap (glibc's M_TRIM_THRESHOLD and M_MMAP_THRESHOLD): an image-sized
   buffer freed and allocated again is then not unmapped, faulted and zeroed by the kernel page by
   page each time (memory.c). Returns 0 where the C library has no such settings. */
int ckernels_keep_freed_memory(size_t keep, size_t direct);

/* Hands the heap's free pages back to the kernel (glibc's malloc_trim(0)); nothing elsewhere. */
void ckernels_return_free_memory(void);

#endif
