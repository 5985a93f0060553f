#include "ckernels.h"

#include <cisa.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* Every floating-point operation is the Swift code's, one rounding each: never fused. */
#pragma STDC FP_CONTRACT OFF

int ckernels_has_avx2(void) { return cisa_allows(CISA_AVX2); }

#if defined(__x86_64__)

/* PackedPixel.sourceOver for a premultiplied s: with s = 0 it gives d, with an opaque s, s. */
static inline uint32_t source_over(uint32_t s, uint32_t d) {
    uint32_t k = 255 - (s >> 24);
    uint32_t rb = (d & 0x00FF00FFu) * k + 0x00800080u, ga = ((d >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    ga = ((ga + ((ga >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return s + (rb | ga << 8);
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

/* SeparableRows' arithmetic for one pixel (the tail of a row): 8.7 samples, 7-bit horizontal
   weights, the level mix by t / 256, the scaling by f / 65535 (SeparableRows.factor),
   source-over onto d. */
static inline uint32_t scaled_pixel(const uint16_t *v0, const uint16_t *v1, int64_t i0, int64_t j0, int32_t w0,
                                    int32_t w1, int levels, uint32_t t, uint32_t f, uint32_t d) {
    uint32_t s = 0;
    for (int c = 0; c < 4; c++) {
        uint32_t wa = (uint32_t)w0 >> 8, wb = (uint32_t)w1 >> 8;
        uint32_t p = (v0[4 * i0 + c] * (128 - wa) + v0[4 * i0 + 4 + c] * wa + 64) >> 7;
        if (levels == 2) {
            uint32_t q = (v1[4 * j0 + c] * (128 - wb) + v1[4 * j0 + 4 + c] * wb + 64) >> 7;
            p = (p * (256 - t) + q * t + 128) >> 8;
        }
        s |= ((((2 * p + 1) * f) >> 16) + 128) >> 8 << (8 * c);
    }
    return source_over(s, d);
}

/* The 8.7 samples of four pixels (i .. i + 3) from one level, 16-bit lanes in pixel order: each
   pixel's two adjacent vertical blends in one 16-byte load (pixels i, i + 2 and i + 1, i + 3
   share a vector, so that the 64-bit unpacks leave the pixels in order), then
   V0 + round((V1 - V0) w / 128) by vpmulhrsw against w << 8: exactly
   (V0 (128 - w) + V1 w + 64) >> 7. */
__attribute__((target("avx2"))) static inline __m256i level4(const uint16_t *v, const int64_t *index,
                                                             const int16_t *weights, int i) {
    __m256i a = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(v + 4 * index[i]))),
                                        _mm_loadu_si128((const __m128i *)(v + 4 * index[i + 2])), 1);
    __m256i b = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(v + 4 * index[i + 1]))),
        _mm_loadu_si128((const __m128i *)(v + 4 * index[i + 3])), 1);
    __m256i left = _mm256_unpacklo_epi64(a, b), right = _mm256_unpackhi_epi64(a, b);
    __m256i w = _mm256_loadu_si256((const __m256i *)(weights + 4 * i));
    return _mm256_add_epi16(left, _mm256_mulhrs_epi16(_mm256_sub_epi16(right, left), w));
}

/* The premultiplied words (bytes in pixel order) of the eight pixels at x, mask m8 not zero. */
__attribute__((target("avx2"), always_inline)) static inline __m256i scaled8(const uint16_t *v0, const uint16_t *v1,
                                                              const int64_t *index0, const int64_t *index1,
                                                              const int16_t *weights0, const int16_t *weights1,
                                                              int levels, uint32_t t, const uint8_t *mask,
                                                              uint64_t m8, int x, int i, uint32_t opacity, const int opaque) {
    const __m256i mix = _mm256_set1_epi16((short)(t << 7));
    __m256i p[2];
    for (int h = 0; h < 2; h++) {
        p[h] = level4(v0, index0, weights0, i + 4 * h);
        if (levels == 2) {
            __m256i q = level4(v1, index1, weights1, i + 4 * h);
            /* (p (256 - t) + q t + 128) >> 8 = p + round((q - p) t / 256); t << 7 fits a signed
               16-bit lane up to t = 255 (t = 256 gives q: the caller reads level 1 alone). */
            p[h] = _mm256_add_epi16(p[h], _mm256_mulhrs_epi16(_mm256_sub_epi16(q, p[h]), mix));
        }
    }
    __m256i s0, s1;
    if (m8 == ~(uint64_t)0 && opaque) {
        /* F = 65535: p rounded half up to 8 bits. */
        const __m256i half7 = _mm256_set1_epi16(64);
        s0 = _mm256_srli_epi16(_mm256_add_epi16(p[0], half7), 7);
        s1 = _mm256_srli_epi16(_mm256_add_epi16(p[1], half7), 7);
    } else {
        __m256i f0, f1;
        if (m8 == ~(uint64_t)0) {
            /* Fully covered: k = 255 opacity for every pixel. */
            uint32_t k = 255 * opacity;
            f0 = f1 = _mm256_set1_epi16((short)(k + (((k + 1) * 514) >> 16)));
        } else {
            /* k = c opacity, F = k + ((k + 1) 514) >> 16, spread to each pixel's four lanes:
               pixels 0, 1 (low lane) and 2, 3 (high lane), then 4, 5 and 6, 7. */
            const __m256i spread_lo = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3, 4, 5, 4, 5,
                                                       4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7);
            const __m256i spread_hi = _mm256_setr_epi8(8, 9, 8, 9, 8, 9, 8, 9, 10, 11, 10, 11, 10, 11, 10, 11, 12,
                                                       13, 12, 13, 12, 13, 12, 13, 14, 15, 14, 15, 14, 15, 14, 15);
            __m128i c = _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(mask + x)));
            __m128i k = _mm_mullo_epi16(c, _mm_set1_epi16((short)opacity));
            k = _mm_add_epi16(k, _mm_mulhi_epu16(_mm_add_epi16(k, _mm_set1_epi16(1)), _mm_set1_epi16(514)));
            __m256i f = _mm256_broadcastsi128_si256(k);
            f0 = _mm256_shuffle_epi8(f, spread_lo);
            f1 = _mm256_shuffle_epi8(f, spread_hi);
        }
        /* (((2p + 1) F) >> 16 + 128) >> 8 */
        const __m256i one = _mm256_set1_epi16(1), half = _mm256_set1_epi16(128);
        s0 = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_add_epi16(p[0], p[0]), one), f0);
        s1 = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_add_epi16(p[1], p[1]), one), f1);
        s0 = _mm256_srli_epi16(_mm256_add_epi16(s0, half), 8);
        s1 = _mm256_srli_epi16(_mm256_add_epi16(s1, half), 8);
    }
    /* Bytes of pixels 0 1 4 5 | 2 3 6 7, put in order. */
    return _mm256_permute4x64_epi64(_mm256_packus_epi16(s0, s1), 0xD8);
}

/* ckernels_scaled_row_avx2 for constant levels, over_color and opaque (opacity 255): each gets
   its own loop, with nothing tested per step that the row fixes. under: the constant word
   below. */
__attribute__((target("avx2"), always_inline)) static inline void
scaled_row(const uint16_t *v0, const uint16_t *v1, const int64_t *index0, const int64_t *index1,
           const int16_t *weights0, const int16_t *weights1, const int levels, uint32_t t, const uint8_t *mask,
           uint8_t *out, int x0, int x1, int box_x0, uint32_t opacity, const int over_color, const int opaque,
           __m256i under) {
    int x = x0;
    for (; x + 8 <= x1; x += 8) {
        uint64_t m8;
        memcpy(&m8, mask + x, 8);
        if (m8 == 0) continue;
        __m256i src = scaled8(v0, v1, index0, index1, weights0, weights1, levels, t, mask, m8, x, x - box_x0,
                              opacity, opaque);
        if (over_color && m8 == ~(uint64_t)0) {
            _mm256_storeu_si256((__m256i *)(out + 4 * x), _mm256_add_epi32(src, under));
        } else {
            source_over8(src, out + 4 * x);
        }
    }
    if (x < x1 && x1 - 8 >= box_x0) {
        /* The last pixels as the end of the row's last eight: the pixels before x (drawn
           already, or not covered) get a zero word, which source-over leaves as they are. */
        int start = x1 - 8;
        uint64_t m8;
        memcpy(&m8, mask + start, 8);
        if ((m8 & (~(uint64_t)0 << (8 * (x - start)))) != 0) {
            __m256i src = scaled8(v0, v1, index0, index1, weights0, weights1, levels, t, mask, m8, start,
                                  start - box_x0, opacity, opaque);
            __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32(x - start), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            source_over8(_mm256_andnot_si256(keep, src), out + 4 * start);
        }
        return;
    }
    for (; x < x1; x++) {
        if (mask[x] == 0) continue;
        uint32_t d;
        memcpy(&d, out + 4 * x, 4);
        int i = x - box_x0;
        uint32_t k = mask[x] * opacity;
        uint32_t r = scaled_pixel(v0, v1, index0[i], index1[i], weights0[4 * i], weights1[4 * i], levels, t,
                                  k + (((k + 1) * 514) >> 16), d);
        memcpy(out + 4 * x, &r, 4);
    }
}

__attribute__((target("avx2"))) void ckernels_scaled_row_avx2(const uint16_t *v0, const uint16_t *v1,
                                                             const int64_t *index0, const int64_t *index1,
                                                             const int16_t *weights0, const int16_t *weights1,
                                                             int levels, uint32_t t, const uint8_t *mask,
                                                             uint8_t *out, int x0, int x1, int box_x0,
                                                             uint32_t opacity, int over_color, uint32_t color) {
    /* Over a known colour, a fully covered pixel of an opaque texture has the alpha a of 255 * 128
       scaled by 255 * opacity (every texel's alpha is 255, and so is every blend of them), and
       source-over adds the colour times (255 - a) / 255: one constant word. */
    __m256i under = _mm256_setzero_si256();
    if (over_color) {
        uint32_t k = 255 * opacity, f = k + (((k + 1) * 514) >> 16);
        uint32_t a = opacity == 255 ? 255 : ((((2 * 255 * 128 + 1) * f) >> 16) + 128) >> 8;
        under = _mm256_set1_epi32((int)(source_over(a << 24, color) - (a << 24)));
    }
    if (levels == 2 && t == 256) {
        /* Level 1 alone: (p 0 + q 256 + 128) >> 8 = q. */
        levels = 1;
        v0 = v1;
        index0 = index1;
        weights0 = weights1;
    }
#define SCALED_ROW(L, O, A)                                                                                   \
    scaled_row(v0, v1, index0, index1, weights0, weights1, L, t, mask, out, x0, x1, box_x0, opacity, O, A, under)
    int opaque = opacity == 255;
    if (levels == 2) {
        if (over_color) {
            if (opaque) SCALED_ROW(2, 1, 1); else SCALED_ROW(2, 1, 0);
        } else {
            if (opaque) SCALED_ROW(2, 0, 1); else SCALED_ROW(2, 0, 0);
        }
    } else if (over_color) {
        if (opaque) SCALED_ROW(1, 1, 1); else SCALED_ROW(1, 1, 0);
    } else {
        if (opaque) SCALED_ROW(1, 0, 1); else SCALED_ROW(1, 0, 0);
    }
#undef SCALED_ROW
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

/* SeparableRows.verticalBlend: v[4j + c] = top[4j + c] (128 - w) + bottom[4j + c] w, at most
   255 * 128: exact in 16-bit lanes. Eight texel columns a step: the top and bottom bytes
   interleaved and multiplied by the byte pair (128 - w, w) in one vpmaddubsw (signed weights,
   so 1 <= w <= 127; w = 0 is the top row times 128, a shift), then four columns a step. */
__attribute__((target("avx2"))) void ckernels_vertical_blend_avx2(const uint8_t *top, const uint8_t *bottom,
                                                                 uint32_t w, int count, uint16_t *v) {
    const __m256i w0 = _mm256_set1_epi16((short)(128 - w)), w1 = _mm256_set1_epi16((short)w);
    int j = 0;
    if (w == 0) {
        for (; j + 4 <= count; j += 4) {
            __m256i a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(top + 4 * j)));
            _mm256_storeu_si256((__m256i *)(v + 4 * j), _mm256_slli_epi16(a, 7));
        }
    } else {
        const __m256i pair = _mm256_set1_epi16((short)(w << 8 | (128 - w)));
        for (; j + 8 <= count; j += 8) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(top + 4 * j));
            __m256i b = _mm256_loadu_si256((const __m256i *)(bottom + 4 * j));
            /* Per 128-bit lane: columns 0, 1 | 4, 5 (lo) and 2, 3 | 6, 7 (hi). */
            __m256i lo = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(a, b), pair);
            __m256i hi = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(a, b), pair);
            _mm256_storeu_si256((__m256i *)(v + 4 * j), _mm256_permute2x128_si256(lo, hi, 0x20));
            _mm256_storeu_si256((__m256i *)(v + 4 * j + 16), _mm256_permute2x128_si256(lo, hi, 0x31));
        }
    }
    for (; j + 4 <= count; j += 4) {
        __m256i a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(top + 4 * j)));
        __m256i b = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(bottom + 4 * j)));
        _mm256_storeu_si256((__m256i *)(v + 4 * j),
                            _mm256_add_epi16(_mm256_mullo_epi16(a, w0), _mm256_mullo_epi16(b, w1)));
    }
    for (int i = 4 * j; i < 4 * count; i++) v[i] = (uint16_t)(top[i] * (128 - w) + bottom[i] * w);
}

/* ---- Perspective: TextureSampler and Painter's per-pixel loop ---------------------------- */

/* TextureSampler.bilinear at level-0 coordinates (u, v), clamp-to-edge, 12-bit weights, the four
   channels in 8.24, in vector lanes with the same integers: the horizontal pass is a·wx0 + b·wx1 per channel
   (vpmaddwd, at most 255 · 4096), the vertical one h0·wy0 + h1·wy1, which is the four-weight sum
   regrouped and below 255 · 2^24 < 2^32, so 32-bit lanes hold it exactly. */
__attribute__((target("avx2"))) static inline __m128i bilinear_avx2(const uint8_t *texels, const ckernels_level *l,
                                                                  double u, double v) {
    double x = u * l->scale_x - 0.5;
    double y = v * l->scale_y - 0.5;
    double fw = (double)l->width, fh = (double)l->height;
    x = x > -1 ? (x < fw ? x : fw) : -1;
    y = y > -1 ? (y < fh ? y : fh) : -1;
    int64_t fx = (int64_t)(x * 4096 + 4096.5), fy = (int64_t)(y * 4096 + 4096.5);
    int64_t ix = (fx >> 12) - 1, iy = (fy >> 12) - 1;
    int32_t wx1 = (int32_t)(fx & 0xFFF), wy1 = (int32_t)(fy & 0xFFF);
    int32_t wx0 = 4096 - wx1, wy0 = 4096 - wy1;
    int64_t c0 = ix < 0 ? 0 : (ix < l->width ? ix : l->width - 1);
    int64_t c1 = ix + 1 < l->width ? ix + 1 : l->width - 1;
    int64_t r0 = iy < 0 ? 0 : (iy < l->height ? iy : l->height - 1);
    int64_t r1 = iy + 1 < l->height ? iy + 1 : l->height - 1;
    const uint8_t *row0 = texels + l->offset + r0 * l->width * 4;
    const uint8_t *row1 = texels + l->offset + r1 * l->width * 4;
    uint32_t a, b, c, d;
    memcpy(&a, row0 + c0 * 4, 4);
    memcpy(&b, row0 + c1 * 4, 4);
    memcpy(&c, row1 + c0 * 4, 4);
    memcpy(&d, row1 + c1 * 4, 4);
    const __m128i wx = _mm_set1_epi32((int)((uint32_t)wx1 << 16 | (uint32_t)wx0));
    const __m128i top = _mm_madd_epi16(
        _mm_cvtepu8_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b))), wx);
    const __m128i bottom = _mm_madd_epi16(
        _mm_cvtepu8_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)c), _mm_cvtsi32_si128((int)d))), wx);
    return _mm_add_epi32(_mm_mullo_epi32(top, _mm_set1_epi32(wy0)), _mm_mullo_epi32(bottom, _mm_set1_epi32(wy1)));
}

/* TextureSampler.sample at the levels ckernels_mip_levels chooses, then Sample.pixel(scaledBy:),
   packed (R in the low byte), in vector lanes with the Swift code's integers: the levels' blend in 64-bit lanes, then
   Sample.pixel(scaledBy: k), each 8.24 channel m times k / 65025 rounded once, (m k + d / 2) / d
   with d = 2^24 · 65025, in doubles, which are exact there: m k < 2^48, and the
   quotient (at most 255) lies at least 1 / d from the next integer, far more than its rounding. */
__attribute__((target("avx2"))) static inline uint32_t trilinear_scaled_avx2(const uint8_t *texels,
                                                                          const ckernels_level *levels, int count,
                                                                          double u, double v, double lod,
                                                                          uint64_t k) {
    ckernels_mip_choice c = ckernels_mip_levels(lod, count - 1);
    __m256i s = _mm256_cvtepu32_epi64(bilinear_avx2(texels, &levels[c.level], u, v));
    if (c.t != 0) {
        const __m256i q = _mm256_cvtepu32_epi64(bilinear_avx2(texels, &levels[c.level + 1], u, v));
        s = _mm256_add_epi64(_mm256_mul_epu32(s, _mm256_set1_epi64x(256 - (int64_t)c.t)),
                             _mm256_mul_epu32(q, _mm256_set1_epi64x((int64_t)c.t)));
        s = _mm256_srli_epi64(_mm256_add_epi64(s, _mm256_set1_epi64x(128)), 8);
    }
    /* The four channels (each below 2^32) as doubles: flipped into int32's range and back. */
    const __m128i low = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(s, _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0)));
    const __m256d m = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(low, _mm_set1_epi32((int)0x80000000u))),
                                    _mm256_set1_pd(2147483648.0));
    const double d = (double)((uint64_t)(1u << 24) * 65025);
    const __m256d quotient = _mm256_floor_pd(
        _mm256_div_pd(_mm256_add_pd(_mm256_mul_pd(m, _mm256_set1_pd((double)k)), _mm256_set1_pd(d / 2)),
                      _mm256_set1_pd(d)));
    const __m128i channels = _mm256_cvttpd_epi32(quotient);
    return (uint32_t)_mm_cvtsi128_si32(_mm_shuffle_epi8(channels, _mm_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1,
                                                                                -1, -1, -1, -1, -1, -1)));
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
            uint32_t p =
                trilinear_scaled_avx2(texels, levels, level_count, f.u[i], f.v[i], f.lod[i], (uint64_t)c * opacity);
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

void ckernels_vertical_blend_avx2(const uint8_t *top, const uint8_t *bottom, uint32_t w, int count, uint16_t *v) {
    (void)top; (void)bottom; (void)w; (void)count; (void)v;
}

void ckernels_scaled_row_avx2(const uint16_t *v0, const uint16_t *v1, const int64_t *index0, const int64_t *index1,
                              const int16_t *weights0, const int16_t *weights1, int levels, uint32_t t,
                              const uint8_t *mask, uint8_t *out, int x0, int x1, int box_x0, uint32_t opacity,
                              int over_color, uint32_t color) {
    (void)over_color; (void)color;
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
