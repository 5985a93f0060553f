#include "ckernels.h"

#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* Every floating-point operation is the Swift code's, one rounding each: never fused. */
#pragma STDC FP_CONTRACT OFF

int ckernels_has_avx2(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

void ckernels_pair_taps(const ckernels_tap *taps, int count, int32_t *index, uint32_t *weights) {
    for (int i = 0; i < count; i++) {
        ckernels_tap a = taps[i];
        /* A clamped tap reads one column twice: V * w0 + V * w1 = V * (w0 + w1), exactly. */
        uint32_t w0 = a.i1 == a.i0 ? a.w0 + a.w1 : a.w0, w1 = a.i1 == a.i0 ? 0 : a.w1;
        index[i] = a.i0;
        for (int c = 0; c < 4; c++) {
            weights[8 * i + c] = w0;
            weights[8 * i + 4 + c] = w1;
        }
    }
}

#if defined(__x86_64__)

/* Sample.pixel(scaledBy: k): an 8.24 channel times k / 65025, rounded once. */
static inline uint32_t scaled_channel(uint64_t m, uint64_t k) {
    const uint64_t d = (uint64_t)(1u << 24) * 65025;
    return (uint8_t)((m * k + d / 2) / d);
}

/* PackedPixel.sourceOver for a premultiplied s: with s = 0 it gives d, with an opaque s, s. */
static inline uint32_t source_over(uint32_t s, uint32_t d) {
    uint32_t k = 255 - (s >> 24);
    uint32_t rb = (d & 0x00FF00FFu) * k + 0x00800080u, ga = ((d >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    ga = ((ga + ((ga >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return s + (rb | ga << 8);
}

/* The arithmetic of SeparableRows (Swift), one pixel at a time: the tail of a row. */
static inline uint32_t scalar_pixel(const uint32_t *v0, const uint32_t *v1, int32_t i0, int32_t j0,
                                    const uint32_t *wa, const uint32_t *wb, int levels, uint32_t t, uint32_t k,
                                    uint32_t d) {
    uint32_t m[4];
    for (int c = 0; c < 4; c++) {
        uint32_t p = v0[4 * i0 + c] * wa[0] + v0[4 * i0 + 4 + c] * wa[4];
        if (levels == 2) {
            uint32_t q = v1[4 * j0 + c] * wb[0] + v1[4 * j0 + 4 + c] * wb[4];
            uint32_t u = 256 - t;
            p = (p >> 8) * u + (q >> 8) * t + (((p & 255) * u + (q & 255) * t + 128) >> 8);
        }
        m[c] = p;
    }
    uint32_t s = 0;
    for (int c = 0; c < 4; c++) s |= scaled_channel(m[c], k) << (8 * c);
    return source_over(s, d);
}

/* source_over for eight pixels: src + d * (255 - alpha(src)) / 255, Blinn's rounding in 16-bit
   lanes, onto the eight pixels at out. */
__attribute__((target("avx2"))) static inline void source_over8(__m256i src, uint8_t *out) {
    const __m256i lanes = _mm256_set1_epi32(0x00FF00FF);
    const __m256i half = _mm256_set1_epi32(0x00800080);
    __m256i d = _mm256_loadu_si256((const __m256i *)out);
    __m256i ka = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(src, 24));
    ka = _mm256_or_si256(ka, _mm256_slli_epi32(ka, 16));
    __m256i rb = _mm256_add_epi32(_mm256_mullo_epi16(_mm256_and_si256(d, lanes), ka), half);
    __m256i ga = _mm256_add_epi32(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(d, 8), lanes), ka), half);
    rb = _mm256_and_si256(_mm256_srli_epi32(_mm256_add_epi32(rb, _mm256_and_si256(_mm256_srli_epi32(rb, 8), lanes)), 8),
                          lanes);
    ga = _mm256_and_si256(_mm256_srli_epi32(_mm256_add_epi32(ga, _mm256_and_si256(_mm256_srli_epi32(ga, 8), lanes)), 8),
                          lanes);
    _mm256_storeu_si256((__m256i *)out, _mm256_add_epi32(src, _mm256_or_si256(rb, _mm256_slli_epi32(ga, 8))));
}

/* The 8.24 samples of two pixels (a's in the low half) from one level: each pixel's two
   adjacent vertical blends in one load, times its weights (w0 x 4, w1 x 4), the halves added. */
__attribute__((target("avx2"))) static inline __m256i level2(const uint32_t *v, const int32_t *index,
                                                             const uint32_t *weights, int a) {
    __m256i pa = _mm256_mullo_epi32(_mm256_loadu_si256((const __m256i *)(v + 4 * index[a])),
                                    _mm256_loadu_si256((const __m256i *)(weights + 8 * a)));
    __m256i pb = _mm256_mullo_epi32(_mm256_loadu_si256((const __m256i *)(v + 4 * index[a + 1])),
                                    _mm256_loadu_si256((const __m256i *)(weights + 8 * a + 8)));
    return _mm256_add_epi32(_mm256_permute2x128_si256(pa, pb, 0x20), _mm256_permute2x128_si256(pa, pb, 0x31));
}

/* round(m * k / (2^24 * 65025)) per 32-bit lane, k in the low half of each 64-bit lane: 64-bit
   products of the even and the odd lanes, the division by a multiply and shift. */
__attribute__((target("avx2"))) static inline __m256i scale2(__m256i m, __m256i k) {
    __m256i bias = _mm256_set1_epi64x((long long)(1u << 23) * 65025);
    __m256i magic = _mm256_set1_epi64x(16909061);
    __m256i even = _mm256_add_epi64(_mm256_mul_epu32(m, k), bias);
    __m256i odd = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(m, 32), k), bias);
    even = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(even, 24), magic), 40);
    odd = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(odd, 24), magic), 40);
    return _mm256_or_si256(even, _mm256_slli_epi64(odd, 32));
}

__attribute__((target("avx2"))) void ckernels_separable_row_avx2(
    const uint32_t *v0, const uint32_t *v1, const int32_t *index0, const int32_t *index1, const uint32_t *weights0,
    const uint32_t *weights1, int levels, uint32_t t, const uint8_t *mask, uint8_t *out, int x0, int x1,
    int box_x0, uint32_t opacity) {
    const __m256i vt = _mm256_set1_epi32((int)t);
    const __m256i vu = _mm256_set1_epi32((int)(256 - t));
    const __m256i byte = _mm256_set1_epi32(255);
    const __m256i round = _mm256_set1_epi32(128);
    const __m256i vop = _mm256_set1_epi32((int)opacity);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    int x = x0;
    for (; x + 8 <= x1; x += 8) {
        uint64_t m8;
        memcpy(&m8, mask + x, 8);
        if (m8 == 0) continue;
        int i = x - box_x0;
        /* Fully covered at full opacity: k = 65025, and the scaling is Sample.word()'s rounding. */
        int whole = m8 == ~(uint64_t)0 && opacity == 255;
        /* Coverage x opacity for the eight pixels, one a lane. */
        __m256i k8 = _mm256_mullo_epi32(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(mask + x))), vop);
        __m256i s[4];
        for (int j = 0; j < 4; j++) {
            __m256i p = level2(v0, index0, weights0, i + 2 * j);
            if (levels == 2) {
                /* TextureSampler.mix: (p (256 - t) + q t + 128) >> 8 without overflow. */
                __m256i q = level2(v1, index1, weights1, i + 2 * j);
                __m256i high = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(p, 8), vu),
                                                _mm256_mullo_epi32(_mm256_srli_epi32(q, 8), vt));
                __m256i low = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(p, byte), vu),
                                               _mm256_mullo_epi32(_mm256_and_si256(q, byte), vt));
                p = _mm256_add_epi32(high, _mm256_srli_epi32(_mm256_add_epi32(low, round), 8));
            }
            if (whole) {
                s[j] = _mm256_srli_epi32(_mm256_add_epi32(p, _mm256_set1_epi32(1 << 23)), 24);
                continue;
            }
            __m256i k = _mm256_permutevar8x32_epi32(
                k8, _mm256_setr_epi32(2 * j, 2 * j, 2 * j, 2 * j, 2 * j + 1, 2 * j + 1, 2 * j + 1, 2 * j + 1));
            s[j] = scale2(p, k);
        }
        /* Pixels (0,1) (2,3) (4,5) (6,7) as 32-bit channels -> bytes in order 0..7. */
        __m256i w01 = _mm256_packus_epi32(s[0], s[1]);
        __m256i w23 = _mm256_packus_epi32(s[2], s[3]);
        __m256i src = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(w01, w23), order);
        source_over8(src, out + 4 * x);
    }
    for (; x < x1; x++) {
        if (mask[x] == 0) continue;
        uint32_t d;
        memcpy(&d, out + 4 * x, 4);
        int i = x - box_x0;
        uint32_t r = scalar_pixel(v0, v1, index0[i], index1[i], weights0 + 8 * i, weights1 + 8 * i, levels, t,
                                  (uint32_t)mask[x] * opacity, d);
        memcpy(out + 4 * x, &r, 4);
    }
}

/* Painter.sourceOverRow: premultiplied words source-over onto out, eight a vector (source_over8,
   as the pixel loop blends: a zero word leaves the pixel, an opaque one replaces it). */
__attribute__((target("avx2"))) void ckernels_source_over_row_avx2(const uint32_t *words, uint8_t *out, int count) {
    int x = 0;
    for (; x + 8 <= count; x += 8) {
        source_over8(_mm256_loadu_si256((const __m256i *)(words + x)), out + 4 * x);
    }
    for (; x < count; x++) {
        uint32_t d;
        memcpy(&d, out + 4 * x, 4);
        d = source_over(words[x], d);
        memcpy(out + 4 * x, &d, 4);
    }
}

/* SeparableRows.verticalBlend: v[4j + c] = top[4j + c] * w0 + bottom[4j + c] * w1. Bytes and
   weights (<= 4096) fit signed 16-bit lanes and each sum (<= 255 * 4096) a 32-bit one, so
   vpmaddwd over (top, bottom) pairs gives exactly the Swift loop's integers, four texels a step. */
__attribute__((target("avx2"))) void ckernels_vertical_blend_avx2(const uint8_t *top, const uint8_t *bottom,
                                                                 uint32_t w0, uint32_t w1, int count,
                                                                 uint32_t *v) {
    const __m256i w = _mm256_set1_epi32((int)(w0 | w1 << 16));
    int j = 0;
    for (; j + 4 <= count; j += 4) {
        __m128i a = _mm_loadu_si128((const __m128i *)(top + 4 * j));
        __m128i b = _mm_loadu_si128((const __m128i *)(bottom + 4 * j));
        __m256i lo = _mm256_cvtepu8_epi16(_mm_unpacklo_epi8(a, b));
        __m256i hi = _mm256_cvtepu8_epi16(_mm_unpackhi_epi8(a, b));
        _mm256_storeu_si256((__m256i *)(v + 4 * j), _mm256_madd_epi16(lo, w));
        _mm256_storeu_si256((__m256i *)(v + 4 * j + 8), _mm256_madd_epi16(hi, w));
    }
    for (int i = 4 * j; i < 4 * count; i++) v[i] = top[i] * w0 + bottom[i] * w1;
}

/* ---- Perspective: TextureSampler and Painter's per-pixel loop ---------------------------- */

/* TextureSampler.bilinear: level-0 coordinates (u, v), clamp-to-edge, 12-bit weights; s gets
   the four 8.24 channels. */
static inline void bilinear(const uint8_t *texels, const ckernels_level *l, double u, double v, uint64_t s[4]) {
    double x = u * l->scale_x - 0.5;
    double y = v * l->scale_y - 0.5;
    double fw = (double)l->width, fh = (double)l->height;
    x = x > -1 ? (x < fw ? x : fw) : -1;
    y = y > -1 ? (y < fh ? y : fh) : -1;
    int64_t fx = (int64_t)(x * 4096 + 4096.5), fy = (int64_t)(y * 4096 + 4096.5);
    int64_t ix = (fx >> 12) - 1, iy = (fy >> 12) - 1;
    uint64_t wx1 = (uint64_t)(fx & 0xFFF), wy1 = (uint64_t)(fy & 0xFFF);
    uint64_t wx0 = 4096 - wx1, wy0 = 4096 - wy1;
    int64_t c0 = ix < 0 ? 0 : (ix < l->width ? ix : l->width - 1);
    int64_t c1 = ix + 1 < l->width ? ix + 1 : l->width - 1;
    int64_t r0 = iy < 0 ? 0 : (iy < l->height ? iy : l->height - 1);
    int64_t r1 = iy + 1 < l->height ? iy + 1 : l->height - 1;
    const uint8_t *row0 = texels + l->offset + r0 * l->width * 4;
    const uint8_t *row1 = texels + l->offset + r1 * l->width * 4;
    const uint8_t *a = row0 + c0 * 4, *b = row0 + c1 * 4, *c = row1 + c0 * 4, *d = row1 + c1 * 4;
    uint64_t w00 = wx0 * wy0, w01 = wx1 * wy0, w10 = wx0 * wy1, w11 = wx1 * wy1;
    for (int k = 0; k < 4; k++) s[k] = a[k] * w00 + b[k] * w01 + c[k] * w10 + d[k] * w11;
}

/* TextureSampler.sample at the levels ckernels_mip_levels chooses, then Sample.pixel(scaledBy:),
   packed (R in the low byte). */
static inline uint32_t trilinear_scaled(const uint8_t *texels, const ckernels_level *levels, int count, double u,
                                        double v, double lod, uint64_t k) {
    uint64_t s[4];
    ckernels_mip_choice c = ckernels_mip_levels(lod, count - 1);
    bilinear(texels, &levels[c.level], u, v, s);
    if (c.t != 0) {
        uint64_t q[4];
        bilinear(texels, &levels[c.level + 1], u, v, q);
        for (int i = 0; i < 4; i++) s[i] = (uint32_t)((s[i] * (256 - c.t) + q[i] * c.t + 128) >> 8);
    }
    uint32_t p = 0;
    for (int i = 0; i < 4; i++) p |= scaled_channel(s[i], k) << (8 * i);
    return p;
}

__attribute__((target("avx2"))) void ckernels_perspective_row_avx2(ckernels_map m, double py, const uint8_t *texels,
                                                                  const ckernels_level *levels, int level_count,
                                                                  const uint8_t *mask, uint8_t *out, int x0, int x1,
                                                                  uint32_t opacity) {
    for (int x = x0; x < x1; x += 4) {
        uint32_t m4 = 0;
        int n = x1 - x < 4 ? x1 - x : 4;
        memcpy(&m4, mask + x, (size_t)n);
        if (m4 == 0) continue;
        ckernels_footprint f = ckernels_footprint_at(m, (double)x + 0.5, py);
        for (int i = 0; i < n; i++) {
            uint8_t c = mask[x + i];
            if (c == 0 || !(f.w[i] > 0)) continue;
            uint32_t p = trilinear_scaled(texels, levels, level_count, f.u[i], f.v[i], f.lod[i], (uint64_t)c * opacity);
            uint8_t *o = out + 4 * (x + i);
            if (p >> 24 == 255) {
                memcpy(o, &p, 4);
            } else if (p != 0) {
                uint32_t d;
                memcpy(&d, o, 4);
                d = source_over(p, d);
                memcpy(o, &d, 4);
            }
        }
    }
}

#else

void ckernels_source_over_row_avx2(const uint32_t *words, uint8_t *out, int count) {
    (void)words; (void)out; (void)count;
}

void ckernels_vertical_blend_avx2(const uint8_t *top, const uint8_t *bottom, uint32_t w0, uint32_t w1, int count,
                                  uint32_t *v) {
    (void)top; (void)bottom; (void)w0; (void)w1; (void)count; (void)v;
}

void ckernels_separable_row_avx2(const uint32_t *v0, const uint32_t *v1, const int32_t *index0,
                                 const int32_t *index1, const uint32_t *weights0, const uint32_t *weights1,
                                 int levels, uint32_t t, const uint8_t *mask, uint8_t *out, int x0, int x1,
                                 int box_x0, uint32_t opacity) {
    (void)v0; (void)v1; (void)index0; (void)index1; (void)weights0; (void)weights1; (void)levels; (void)t;
    (void)mask; (void)out; (void)x0; (void)x1; (void)box_x0; (void)opacity;
}

void ckernels_perspective_row_avx2(ckernels_map m, double py, const uint8_t *texels,
                                   const ckernels_level *levels, int level_count, const uint8_t *mask,
                                   uint8_t *out, int x0, int x1, uint32_t opacity) {
    (void)m; (void)py; (void)texels; (void)levels; (void)level_count; (void)mask; (void)out;
    (void)x0; (void)x1; (void)opacity;
}

#endif
