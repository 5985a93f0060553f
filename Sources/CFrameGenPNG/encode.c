#include "cpng.h"
#include "filters.h"

#include <cisa.h>
#include <libdeflate.h>
#include <pthread.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <stdlib.h>
#include <string.h>

/* The PNG writer: row filters, deflate (libdeflate for the numbered levels but the default 6;
   6 and `fast` have their own, fast_deflate.c) and the chunk container, without libpng, whose
   adaptive filtering and zlib level 6 took more time than drawing a frame (README, "PNG
   encoding"). */

/* ---- Row filters ------------------------------------------------------------------------- */

/* The five filters in one loop body, specialised per filter by always_inline with a constant
   `kind`. Sixteen bytes at a time in 16-bit lanes through the compilers' generic vector types
   (SSE2 / NEON, no flags needed); the scalar head (the first pixel, whose left neighbours are 0)
   and tail compute the same thing. Returns the sum of |signed residual| (libpng's heuristic) when
   `sum` is set. */
typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef int16_t i16x16 __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) uint8_t predict(int kind, int a, int b, int c) {
    switch (kind) {
    case 1: return (uint8_t)a;
    case 2: return (uint8_t)b;
    case 3: return (uint8_t)((a + b) >> 1);
    case 4: return (uint8_t)paeth(a, b, c);
    default: return 0;
    }
}

/* |v| per lane (a macro: 32-byte vector arguments would change the ABI without AVX). */
#define VABS(v) (((v) ^ ((v) >> 15)) - ((v) >> 15))

static inline __attribute__((always_inline)) uint32_t filter_kind(int kind, int sum, const uint8_t *r,
                                                                   const uint8_t *p, size_t n, size_t bpp,
                                                                   uint8_t *o) {
    uint64_t total = 0;
    size_t i = 0;
    for (; i < bpp && i < n; i++) {
        o[i] = (uint8_t)(r[i] - predict(kind, 0, p[i], 0));
        total += (uint32_t)abs((int8_t)o[i]);
    }
    i16x16 acc = {0};
    int pending = 0;
    for (; i + 16 <= n; i += 16) {
        u8x16 x8, a8, b8, c8;
        memcpy(&x8, r + i, 16);
        memcpy(&a8, r + i - bpp, 16);
        memcpy(&b8, p + i, 16);
        memcpy(&c8, p + i - bpp, 16);
        i16x16 x = __builtin_convertvector(x8, i16x16), a = __builtin_convertvector(a8, i16x16);
        i16x16 b = __builtin_convertvector(b8, i16x16), c = __builtin_convertvector(c8, i16x16);
        i16x16 pred;
        switch (kind) {
        case 1: pred = a; break;
        case 2: pred = b; break;
        case 3: pred = (a + b) >> 1; break;
        case 4: {
            i16x16 bc = b - c, ac = a - c, abc = a + b - c - c;
            i16x16 pa = VABS(bc), pb = VABS(ac), pc = VABS(abc);
            i16x16 useA = (pa <= pb) & (pa <= pc), useB = pb <= pc;
            pred = (a & useA) | (~useA & ((b & useB) | (c & ~useB)));
            break;
        }
        default: pred = x - x; break;
        }
        /* The residual as a signed byte: wrap x - pred to -128...127. */
        i16x16 d = x - pred;
        d = ((d + 128) & 255) - 128;
        u8x16 out = __builtin_convertvector(d & 255, u8x16);
        memcpy(o + i, &out, 16);
        if (sum) {
            acc += VABS(d); /* at most 128 a lane a step: fold before 255 steps */
            if (++pending == 255) {
                for (int k = 0; k < 16; k++) total += (uint16_t)acc[k];
                acc -= acc;
                pending = 0;
            }
        }
    }
    if (sum) {
        for (int k = 0; k < 16; k++) total += (uint16_t)acc[k];
    }
    for (; i < n; i++) {
        o[i] = (uint8_t)(r[i] - predict(kind, r[i - bpp], p[i], p[i - bpp]));
        total += (uint32_t)abs((int8_t)o[i]);
    }
    return total > UINT32_MAX ? UINT32_MAX : (uint32_t)total;
}

static inline __attribute__((always_inline)) uint32_t filter_row(int kind, int sum, const uint8_t *r, const uint8_t *p, size_t n, size_t bpp,
                           uint8_t *o) {
    switch (kind) {
    case 1: return sum ? filter_kind(1, 1, r, p, n, bpp, o) : filter_kind(1, 0, r, p, n, bpp, o);
    case 2: return sum ? filter_kind(2, 1, r, p, n, bpp, o) : filter_kind(2, 0, r, p, n, bpp, o);
    case 3: return sum ? filter_kind(3, 1, r, p, n, bpp, o) : filter_kind(3, 0, r, p, n, bpp, o);
    case 4: return sum ? filter_kind(4, 1, r, p, n, bpp, o) : filter_kind(4, 0, r, p, n, bpp, o);
    default: return sum ? filter_kind(0, 1, r, p, n, bpp, o) : filter_kind(0, 0, r, p, n, bpp, o);
    }
}

static const int FILTER_BITS[5] = {CPNG_FILTER_NONE, CPNG_FILTER_SUB, CPNG_FILTER_UP, CPNG_FILTER_AVG,
                                   CPNG_FILTER_PAETH};

/* ---- Premultiplied to straight ------------------------------------------------------------ */

/* Straight colour for every (alpha, premultiplied colour) pair: c * 255 / a rounded to nearest
   and capped at 255, 0 where a is 0 (Pixel.unpremultiplied's formula; a test compares all 65536
   pairs). One load a sample instead of a division: the divisions were most of the encoding time
   of a translucent frame. */
static uint8_t straight_table[256][256];
static pthread_once_t straight_table_once = PTHREAD_ONCE_INIT;

static void build_straight_table(void) {
    for (unsigned a = 1; a < 256; a++) {
        for (unsigned c = 0; c < 256; c++) {
            unsigned v = (c * 255 + a / 2) / a;
            straight_table[a][c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}

/* Whether every pixel of a premultiplied RGBA row is opaque (then it is already straight). An
   AND over all alpha bytes rather than an early exit, so that the compiler vectorises it. */
static inline __attribute__((always_inline)) int row_is_opaque(const uint8_t *src, uint32_t width) {
    uint8_t all = 255;
    for (uint32_t x = 0; x < width; x++) {
        all &= src[(size_t)x * 4 + 3];
    }
    return all == 255;
}

/* Row y of the image as out_channels bytes a pixel: in place when nothing changes, else written
   into `dst` (channels dropped, or premultiplied RGBA made straight). */
static inline __attribute__((always_inline)) const uint8_t *packed_row(const uint8_t *rows, size_t stride, uint32_t width, int in_ch, int out_ch,
                                 int premultiplied, uint32_t y, uint8_t *dst) {
    const uint8_t *src = rows + stride * y;
    if (premultiplied && out_ch == 4) {
        if (row_is_opaque(src, width)) {
            return src;
        }
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *p = src + (size_t)x * 4;
            const uint8_t *straight = straight_table[p[3]];
            uint8_t *q = dst + (size_t)x * 4;
            q[0] = straight[p[0]];
            q[1] = straight[p[1]];
            q[2] = straight[p[2]];
            q[3] = p[3];
        }
        return dst;
    }
    if (in_ch == out_ch) {
        return src;
    }
    /* RGBA to RGB (the only narrowing cpng_filter_rows accepts): four pixels a shuffle, each
       16-byte store overlapping the next group's by 4 bytes, so the last group goes byte by byte.
       A memcpy of 3 bytes a pixel cost more than the filter. */
    uint32_t x = 0;
    for (; x + 5 < width; x += 4) {
        u8x16 v;
        memcpy(&v, src + (size_t)x * 4, 16);
        u8x16 rgb = __builtin_shufflevector(v, v, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 0, 0, 0, 0);
        memcpy(dst + (size_t)x * 3, &rgb, 16);
    }
    for (; x < width; x++) {
        dst[(size_t)x * 3] = src[(size_t)x * 4];
        dst[(size_t)x * 3 + 1] = src[(size_t)x * 4 + 1];
        dst[(size_t)x * 3 + 2] = src[(size_t)x * 4 + 2];
    }
    return dst;
}

/* A Paeth-only row without the sum (the filter of `fast`), where a CPU-specific one exists. */
typedef void (*paeth_row_fn)(const uint8_t *r, const uint8_t *p, size_t n, size_t bpp, uint8_t *o);

/* The filter pass, inlined twice: into filter_rows_portable (SSE2 / NEON, what every CPU has) and
   into filter_rows_avx2, compiled for AVX2, where the same vector expressions become 32-byte
   operations, and where Paeth alone is wanted it takes `paeth_row` (8-bit lanes) when given one.
   Integer vector arithmetic, so every path gives the same bytes (tests compare them). */
static inline __attribute__((always_inline)) int filter_rows_body(const uint8_t *rows, uint32_t width,
                                                                  size_t stride, int in_channels,
                                                                  int out_channels, int premultiplied,
                                                                  int filters, uint32_t y0, uint32_t y1,
                                                                  uint8_t *out, paeth_row_fn paeth_row) {
    const size_t n = (size_t)width * out_channels;
    /* zero (the row above the first), the two packed rows, and one scratch row per candidate */
    uint8_t *buf = calloc(n, 4);
    if (!buf) {
        return CPNG_ERROR_MEMORY;
    }
    uint8_t *zero = buf, *cur = buf + n, *prev = buf + 2 * n, *scratch = buf + 3 * n;
    int count = 0, only = 0;
    for (int f = 0; f < 5; f++) {
        if (filters & FILTER_BITS[f]) {
            count++;
            only = f;
        }
    }
    const uint8_t *above = y0 == 0 ? zero : packed_row(rows, stride, width, in_channels, out_channels, premultiplied, y0 - 1, prev);
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *dst = out + (size_t)(y - y0) * (n + 1);
        const uint8_t *row = packed_row(rows, stride, width, in_channels, out_channels, premultiplied, y, cur);
        if (count == 1) {
            dst[0] = (uint8_t)only;
            if (only == 4 && paeth_row) {
                paeth_row(row, above, n, (size_t)out_channels, dst + 1);
            } else {
                filter_row(only, 0, row, above, n, (size_t)out_channels, dst + 1);
            }
        } else {
            /* Minimum sum of absolute residuals, as libpng: the best candidate so far stays in
               dst, the next one is tried in scratch and copied over only when it wins. */
            uint32_t best = UINT32_MAX;
            for (int f = 0; f < 5; f++) {
                if (!(filters & FILTER_BITS[f])) {
                    continue;
                }
                uint8_t *target = best == UINT32_MAX ? dst + 1 : scratch;
                uint32_t s = filter_row(f, 1, row, above, n, (size_t)out_channels, target);
                if (s < best) {
                    if (target == scratch) {
                        memcpy(dst + 1, scratch, n);
                    }
                    best = s;
                    dst[0] = (uint8_t)f;
                }
            }
        }
        if (row == cur) { /* keep the packed copy as the next row's `above` */
            uint8_t *t = prev;
            prev = cur;
            cur = t;
            above = prev;
        } else {
            above = row;
        }
    }
    free(buf);
    return CPNG_OK;
}

#if defined(__x86_64__)
/* Paeth alone (`fast`'s filter, no sum wanted) in 8-bit lanes, 32 bytes a step: the 16-bit lanes
   of filter_kind took half of a `fast` encode. With lo = min(a, b) and hi = max(a, b) (a left, b
   above, c above-left), the specification's distances become saturating byte differences:
   pa' = (hi - c)+ and pb' = (c - lo)+ stand for the distances of lo and hi, and pc = |pa' - pb'|;
   the smallest picks lo, then hi, then c. That is the specification's choice, ties included, for
   all 2^24 triples (checked exhaustively when this was written), in 12 operations where the
   direct form took 23 (fpnge's formulation). */
#define PAETH_AVX2 __attribute__((target("avx2")))

PAETH_AVX2 static inline __attribute__((always_inline)) __m256i paeth_residual_avx2(__m256i x, __m256i a, __m256i b,
                                                                                     __m256i c) {
    const __m256i lo = _mm256_min_epu8(a, b), hi = _mm256_max_epu8(a, b);
    const __m256i pa = _mm256_subs_epu8(hi, c), pb = _mm256_subs_epu8(c, lo);
    const __m256i nearer = _mm256_min_epu8(pa, pb);
    const __m256i pc = _mm256_sub_epi8(_mm256_max_epu8(pa, pb), nearer);
    const __m256i least = _mm256_min_epu8(nearer, pc);
    const __m256i use_lo = _mm256_cmpeq_epi8(least, pa), use_hi = _mm256_cmpeq_epi8(least, pb);
    const __m256i pred = _mm256_blendv_epi8(_mm256_blendv_epi8(c, hi, use_hi), lo, use_lo);
    return _mm256_sub_epi8(x, pred);
}

PAETH_AVX2 static void paeth_row_avx2(const uint8_t *r, const uint8_t *p, size_t n, size_t bpp, uint8_t *o) {
    size_t i = 0;
    for (; i < bpp && i < n; i++) {
        o[i] = (uint8_t)(r[i] - p[i]); /* a = c = 0: the prediction is b */
    }
    for (; i + 32 <= n; i += 32) {
        const __m256i residual = paeth_residual_avx2(
            _mm256_loadu_si256((const __m256i *)(r + i)), _mm256_loadu_si256((const __m256i *)(r + i - bpp)),
            _mm256_loadu_si256((const __m256i *)(p + i)), _mm256_loadu_si256((const __m256i *)(p + i - bpp)));
        _mm256_storeu_si256((__m256i *)(o + i), residual);
    }
    for (; i < n; i++) {
        o[i] = (uint8_t)(r[i] - paeth(r[i - bpp], p[i], p[i - bpp]));
    }
}

/* RGBA rows to Paeth-filtered RGB (what `fast` and `fastest` write for an RGB frame) without
   packing each row first: the prediction of a channel reads the same channel of the pixels to the
   left, above and above-left, which in RGBA are 4 bytes back and a stride up, so the residuals are
   computed on the RGBA rows as they are, 16 pixels a step (`step`: 64 bytes of `r` and `p` from
   byte -4 on, 48 bytes to `o`), and the alpha bytes dropped on the way out. The same bytes as the
   packing path. */
typedef void (*paeth_rgb_step)(const uint8_t *r, const uint8_t *p, uint8_t *o);

static inline __attribute__((always_inline)) int paeth_rgba_to_rgb(const uint8_t *rows, uint32_t width,
                                                                    uint32_t height, size_t stride, uint32_t y0,
                                                                    uint32_t y1, uint8_t *out, paeth_rgb_step step) {
    const size_t n = (size_t)width * 3;
    uint8_t *zero = calloc((size_t)width, 4);
    if (!zero) {
        return CPNG_ERROR_MEMORY;
    }
    for (uint32_t y = y0; y < y1; y++) {
        const uint8_t *r = rows + stride * y, *p = y == 0 ? zero : rows + stride * (y - 1);
        uint8_t *o = out + (size_t)(y - y0) * (n + 1);
        /* Each step asks for the same bytes two rows down: the frame is too large for the caches
           and the hardware's prefetcher, which sees a strip's rows between the deflate's passes,
           did not keep up (fastest 1.15-1.25x faster, fast too). */
        const uint8_t *ahead = y + 2 < height ? r + 2 * stride : r;
        *o++ = 4; /* Paeth */
        for (int k = 0; k < 3; k++) {
            o[k] = (uint8_t)(r[k] - p[k]); /* a = c = 0: the prediction is b */
        }
        uint32_t x = 1;
        for (; x + 16 <= width; x += 16) {
            const size_t i = (size_t)x * 4;
            _mm_prefetch((const char *)(ahead + i), _MM_HINT_T0);
            step(r + i, p + i, o + (size_t)x * 3);
        }
        for (; x < width; x++) {
            for (int k = 0; k < 3; k++) {
                const size_t i = (size_t)x * 4 + k;
                o[(size_t)x * 3 + k] = (uint8_t)(r[i] - paeth(r[i - 4], p[i], p[i - 4]));
            }
        }
    }
    free(zero);
    return CPNG_OK;
}

/* Two 8-pixel halves: each one's 3 colour bytes of every pixel gathered to the low 12 bytes of
   its 128-bit lanes (vpshufb), the lanes' 24 bytes joined (vpermd) and stored, the second half
   over the first's 8 spare bytes. */
PAETH_AVX2 static inline __attribute__((always_inline)) void paeth_rgb_step_avx2(const uint8_t *r, const uint8_t *p,
                                                                                  uint8_t *o) {
    const __m256i colours = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, 0, 1, 2, 4, 5, 6,
                                             8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7);
    __m256i half[2];
    for (int h = 0; h < 2; h++) {
        const __m256i residual = paeth_residual_avx2(
            _mm256_loadu_si256((const __m256i *)(r + 32 * h)), _mm256_loadu_si256((const __m256i *)(r + 32 * h - 4)),
            _mm256_loadu_si256((const __m256i *)(p + 32 * h)), _mm256_loadu_si256((const __m256i *)(p + 32 * h - 4)));
        half[h] = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(residual, colours), join);
    }
    _mm256_storeu_si256((__m256i *)o, half[0]);
    _mm_storeu_si128((__m128i *)(o + 24), _mm256_castsi256_si128(half[1]));
    _mm_storel_epi64((__m128i *)(o + 40), _mm256_extracti128_si256(half[1], 1));
}

PAETH_AVX2 static int paeth_rgba_to_rgb_avx2(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride,
                                             uint32_t y0, uint32_t y1, uint8_t *out) {
    return paeth_rgba_to_rgb(rows, width, height, stride, y0, y1, out, paeth_rgb_step_avx2);
}

/* The specification's distances as they stand (pa = |b - c|, pb = |a - c|, pc = pa + pb where
   the two differences have the same sign, else |pa - pb|) in 64-byte registers, the 48 colour
   bytes picked by one vpermb. Not paeth_residual_avx2's shorter form: no AVX-512 machine was at
   hand to run a change here against the portable bytes. */
#define PAETH_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi")))

PAETH_AVX512 static inline __attribute__((always_inline)) __m512i paeth_residual_avx512(__m512i x, __m512i a,
                                                                                          __m512i b, __m512i c) {
    const __m512i pa = _mm512_or_si512(_mm512_subs_epu8(b, c), _mm512_subs_epu8(c, b));
    const __m512i pb = _mm512_or_si512(_mm512_subs_epu8(a, c), _mm512_subs_epu8(c, a));
    const __mmask64 apart_signs = _mm512_cmpge_epu8_mask(b, c) ^ _mm512_cmpge_epu8_mask(a, c);
    const __m512i apart = _mm512_or_si512(_mm512_subs_epu8(pa, pb), _mm512_subs_epu8(pb, pa));
    const __m512i pc = _mm512_mask_blend_epi8(apart_signs, _mm512_adds_epu8(pa, pb), apart);
    const __m512i pb_pc = _mm512_min_epu8(pb, pc);
    const __mmask64 use_a = _mm512_cmpeq_epi8_mask(_mm512_min_epu8(pa, pb_pc), pa);
    const __mmask64 use_b = _mm512_cmpeq_epi8_mask(pb_pc, pb);
    const __m512i pred = _mm512_mask_blend_epi8(use_a, _mm512_mask_blend_epi8(use_b, c, b), a);
    return _mm512_sub_epi8(x, pred);
}

PAETH_AVX512 static inline __attribute__((always_inline)) void paeth_rgb_step_avx512(const uint8_t *r,
                                                                                      const uint8_t *p, uint8_t *o) {
    /* Byte k of the 48 output bytes is byte k / 3 * 4 + k % 3 of the 64 input bytes. */
    const __m512i colours = _mm512_set_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 62, 61, 60, 58, 57, 56, 54, 53, 52, 50, 49, 48, 46, 45, 44, 42,
        41, 40, 38, 37, 36, 34, 33, 32, 30, 29, 28, 26, 25, 24, 22, 21, 20, 18, 17, 16, 14, 13, 12, 10, 9, 8, 6, 5, 4,
        2, 1, 0);
    const __m512i residual = paeth_residual_avx512(_mm512_loadu_si512(r), _mm512_loadu_si512(r - 4),
                                                   _mm512_loadu_si512(p), _mm512_loadu_si512(p - 4));
    _mm512_mask_storeu_epi8(o, 0xffffffffffffull, _mm512_permutexvar_epi8(colours, residual));
}

PAETH_AVX512 static int paeth_rgba_to_rgb_avx512(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride,
                                                 uint32_t y0, uint32_t y1, uint8_t *out) {
    return paeth_rgba_to_rgb(rows, width, height, stride, y0, y1, out, paeth_rgb_step_avx512);
}
#endif

static int filter_rows_portable(const uint8_t *rows, uint32_t width, size_t stride, int in_channels,
                                int out_channels, int premultiplied, int filters, uint32_t y0, uint32_t y1,
                                uint8_t *out) {
    return filter_rows_body(rows, width, stride, in_channels, out_channels, premultiplied, filters, y0, y1, out,
                            NULL);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static int filter_rows_avx2(const uint8_t *rows, uint32_t width, size_t stride,
                                                           int in_channels, int out_channels, int premultiplied,
                                                           int filters, uint32_t y0, uint32_t y1, uint8_t *out) {
    return filter_rows_body(rows, width, stride, in_channels, out_channels, premultiplied, filters, y0, y1, out,
                            paeth_row_avx2);
}
#endif

static int filter_rows_checked(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int in_channels,
                               int out_channels, int premultiplied, int filters, uint32_t y0, uint32_t y1,
                               uint8_t *out, int portable) {
    if (!rows || !out || width == 0 || y0 > y1 || y1 > height || (in_channels != 3 && in_channels != 4) ||
        (premultiplied && in_channels != 4) ||
        (out_channels != 3 && out_channels != 4) || out_channels > in_channels ||
        stride < (size_t)width * in_channels || (filters & ~CPNG_FILTER_ALL) != 0) {
        return CPNG_ERROR_ARGUMENT;
    }
    if (filters == 0) {
        filters = CPNG_FILTER_ALL;
    }
    if (premultiplied) {
        pthread_once(&straight_table_once, build_straight_table);
    }
#if defined(__x86_64__)
    if (!portable && in_channels == 4 && out_channels == 3 && filters == CPNG_FILTER_PAETH &&
        cisa_allows(CISA_AVX2)) {
        return cisa_allows(CISA_AVX512) ? paeth_rgba_to_rgb_avx512(rows, width, height, stride, y0, y1, out)
                                        : paeth_rgba_to_rgb_avx2(rows, width, height, stride, y0, y1, out);
    }
    if (!portable && cisa_allows(CISA_AVX2)) {
        return filter_rows_avx2(rows, width, stride, in_channels, out_channels, premultiplied, filters, y0, y1, out);
    }
#endif
    (void)portable;
    return filter_rows_portable(rows, width, stride, in_channels, out_channels, premultiplied, filters, y0, y1, out);
}

int cpng_filter_rows(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int in_channels,
                     int out_channels, int premultiplied, int filters, uint32_t y0, uint32_t y1, uint8_t *out) {
    return filter_rows_checked(rows, width, height, stride, in_channels, out_channels, premultiplied, filters, y0,
                               y1, out, 0);
}

int cpng_filter_rows_portable(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride,
                              int in_channels, int out_channels, int premultiplied, int filters, uint32_t y0,
                              uint32_t y1, uint8_t *out) {
    return filter_rows_checked(rows, width, height, stride, in_channels, out_channels, premultiplied, filters, y0,
                               y1, out, 1);
}

/* What the choices above (filter_rows_checked), in fast_deflate.c (fast_deflate's `windows`,
   fastest_deflate) and in decode.c (cpng_decode_rgba8_fast) take at the current level. */
int cpng_family_level(int family) {
    const int level = cisa_level();
    switch (family) {
    case CPNG_FAMILY_FILTER:
        return level >= CISA_AVX2 ? level : CISA_PORTABLE;
    case CPNG_FAMILY_DEFLATE:
        return level;
    case CPNG_FAMILY_DECODE:
        return level >= CISA_SSE2 ? CISA_SSE2 : CISA_PORTABLE;
    default:
        return -1;
    }
}

/* ---- Deflate ----------------------------------------------------------------------------- */

size_t cpng_zlib_bound(size_t n) {
    /* Stored blocks at worst: 5 bytes a 65535-byte block, the zlib header and trailer. */
    return n + (n / 65535 + 1) * 5 + 6 + 64;
}

int cpng_zlib_compress(int level, const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t *written) {
    if (level < 0 || level > 12 || !in || !out || !written) {
        return CPNG_ERROR_ARGUMENT;
    }
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
    if (!c) {
        return CPNG_ERROR_MEMORY;
    }
    size_t size = libdeflate_zlib_compress(c, in, n, out, cap);
    libdeflate_free_compressor(c);
    if (size == 0) {
        return CPNG_ERROR_MEMORY; /* the caller's buffer was below the bound */
    }
    *written = size;
    return CPNG_OK;
}

int cpng_zlib_decompress(const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t *written) {
    if (!in || !out || !written) {
        return CPNG_ERROR_ARGUMENT;
    }
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    if (!d) {
        return CPNG_ERROR_MEMORY;
    }
    enum libdeflate_result r = libdeflate_zlib_decompress(d, in, n, out, cap, written);
    libdeflate_free_decompressor(d);
    return r == LIBDEFLATE_SUCCESS ? CPNG_OK : CPNG_ERROR_FORMAT;
}

uint32_t cpng_adler32(uint32_t adler, const uint8_t *in, size_t n) {
    return libdeflate_adler32(adler, in, n);
}

uint32_t cpng_crc32(uint32_t crc, const uint8_t *in, size_t n) {
    return libdeflate_crc32(crc, in, n);
}

/* ---- Container --------------------------------------------------------------------------- */

#define IDAT_MAX ((size_t)1 << 20)

size_t cpng_container_size(size_t zsize) {
    size_t idats = zsize == 0 ? 1 : (zsize + IDAT_MAX - 1) / IDAT_MAX;
    return 8 + 25 + idats * 12 + zsize + 12;
}

static uint8_t *put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
    return p + 4;
}

static uint8_t *chunk(uint8_t *p, const char type[4], const uint8_t *data, size_t n) {
    p = put32(p, (uint32_t)n);
    uint8_t *body = p;
    memcpy(p, type, 4);
    if (n) {
        memcpy(p + 4, data, n);
    }
    p += 4 + n;
    return put32(p, cpng_crc32(0, body, n + 4));
}

int cpng_write_container(uint32_t width, uint32_t height, int channels, const uint8_t *zdata, size_t zsize,
                         uint8_t *out, size_t cap, size_t *written) {
    if (!out || !written || (channels != 3 && channels != 4) || width == 0 || height == 0 ||
        width > 0x7fffffff || height > 0x7fffffff || cap < cpng_container_size(zsize) || (zsize && !zdata)) {
        return CPNG_ERROR_ARGUMENT;
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    uint8_t ihdr[13];
    put32(ihdr, width);
    put32(ihdr + 4, height);
    ihdr[8] = 8;                                              /* bit depth */
    ihdr[9] = channels == 4 ? CPNG_COLOR_RGBA : CPNG_COLOR_RGB; /* colour type */
    ihdr[10] = ihdr[11] = ihdr[12] = 0; /* deflate, adaptive filtering, not interlaced */
    uint8_t *p = out;
    memcpy(p, signature, 8);
    p = chunk(p + 8, "IHDR", ihdr, 13);
    size_t done = 0;
    do {
        size_t n = zsize - done < IDAT_MAX ? zsize - done : IDAT_MAX;
        p = chunk(p, "IDAT", zdata + done, n);
        done += n;
    } while (done < zsize);
    p = chunk(p, "IEND", NULL, 0);
    *written = (size_t)(p - out);
    return CPNG_OK;
}
