#include "cpng.h"
#include "filters.h"

#include <cisa.h>
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/* The decoder's fast path: the PNGs snapshot references are (8-bit RGBA or RGB, not interlaced,
   no palette or tRNS) inflated by libdeflate as one buffer and unfiltered with SSE2, about three
   times libpng's time on an iPhone screen's reference (docs/decisions.md, "PNG decoding"). It
   decodes only files it can prove libpng decodes to the same bytes, and declines everything else
   (CPNG_DECLINED), which libpng then decodes or refuses with its own message: every chunk's CRC
   checked, only chunks libpng skips or ignores without an error, the zlib stream exactly the
   IDAT bytes and exactly the rows' bytes, every filter type known. Differential fuzzing (the
   `png` fuzz target) and the decoder's tests compare the two. */

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int is_letter(uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* libpng refuses any chunk but IDAT longer than its chunk_malloc_max (cpng.c: 8 MiB), and an
   IDAT chunk longer than the image could need; both are declined here. */
#define MAX_CHUNK (8u * 1024u * 1024u)

/* Ancillary chunks libpng handles itself (pngrutil.c): those that change pixels (tRNS), belong
   to a palette, or whose checks this path does not repeat are declined. The colour-space chunks
   are skipped as unknown (cpng.c's ignored_chunks); text, time, physical size and EXIF never
   change pixels, and their faults (or their place after the image data) are only warnings. Any
   other ancillary chunk (Apple's iDOT, say) is unknown to libpng and skipped. */
static int ancillary_kind(const uint8_t *type) {
    static const char *declined[] = {"tRNS", "bKGD", "hIST", "sBIT", "sPLT", "oFFs", "pCAL", "sCAL",
                                      "sTER", "fRAc", "gIFg", "gIFx", "gIFt", "acTL", "fcTL", "fdAT"};
    for (size_t i = 0; i < sizeof declined / sizeof *declined; i++) {
        if (memcmp(type, declined[i], 4) == 0) {
            return 0;
        }
    }
    return 1;
}

/* One row of `n` bytes, `bpp` a pixel: `src` the filtered bytes (after the filter byte), `prev`
   the row above unfiltered (zeros for the first row), `dst` the unfiltered row. `dst` may be
   `src` or lie before it in the same buffer: every byte is read before its place is written. */
static void unfilter_portable(int kind, const uint8_t *src, const uint8_t *prev, uint8_t *dst, size_t n,
                              size_t bpp) {
    switch (kind) {
    case 0:
        memmove(dst, src, n);
        break;
    case 1:
        for (size_t i = 0; i < n; i++) {
            dst[i] = (uint8_t)(src[i] + (i >= bpp ? dst[i - bpp] : 0));
        }
        break;
    case 2:
        for (size_t i = 0; i < n; i++) {
            dst[i] = (uint8_t)(src[i] + prev[i]);
        }
        break;
    case 3:
        for (size_t i = 0; i < n; i++) {
            dst[i] = (uint8_t)(src[i] + (((i >= bpp ? dst[i - bpp] : 0) + prev[i]) >> 1));
        }
        break;
    default:
        for (size_t i = 0; i < n; i++) {
            uint8_t a = i >= bpp ? dst[i - bpp] : 0, c = i >= bpp ? prev[i - bpp] : 0;
            dst[i] = (uint8_t)(src[i] + (uint8_t)paeth(a, prev[i], c));
        }
        break;
    }
}

#if defined(__x86_64__)
static inline __m128i load4(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return _mm_cvtsi32_si128((int)v);
}

static inline void store4(uint8_t *p, __m128i v) {
    uint32_t w = (uint32_t)_mm_cvtsi128_si32(v);
    memcpy(p, &w, 4);
}

/* The four-byte pixels' filters with SSE2 (every x86-64 has it): Up sixteen bytes at a time, the
   others a pixel at a time (each depends on the one before), in the portable one's arithmetic. */
static void unfilter_rgba_sse2(int kind, const uint8_t *src, const uint8_t *prev, uint8_t *dst, size_t n) {
    size_t i = 0;
    const __m128i zero = _mm_setzero_si128();
    switch (kind) {
    case 0:
        memmove(dst, src, n);
        return;
    case 2:
        for (; i + 16 <= n; i += 16) {
            __m128i s = _mm_loadu_si128((const __m128i *)(src + i));
            __m128i b = _mm_loadu_si128((const __m128i *)(prev + i));
            _mm_storeu_si128((__m128i *)(dst + i), _mm_add_epi8(s, b));
        }
        for (; i < n; i++) {
            dst[i] = (uint8_t)(src[i] + prev[i]);
        }
        return;
    case 1: {
        __m128i a = zero;
        for (; i < n; i += 4) {
            a = _mm_add_epi8(load4(src + i), a);
            store4(dst + i, a);
        }
        return;
    }
    case 3: {
        /* (a + b) >> 1 is the rounding-up average less the low bit of a ^ b. */
        const __m128i one = _mm_set1_epi8(1);
        __m128i a = zero;
        for (; i < n; i += 4) {
            __m128i b = load4(prev + i);
            __m128i avg = _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), one));
            a = _mm_add_epi8(load4(src + i), avg);
            store4(dst + i, a);
        }
        return;
    }
    default: {
        /* In 16-bit lanes: pa = |b - c|, pb = |a - c|, pc = |a + b - 2c|; a where pa is the
           least, else b where pb is, else c (the portable one's order of ties). */
        __m128i a = zero, c = zero;
        for (; i < n; i += 4) {
            __m128i b = _mm_unpacklo_epi8(load4(prev + i), zero);
            __m128i bc = _mm_sub_epi16(b, c), ac = _mm_sub_epi16(a, c);
            __m128i pa = _mm_max_epi16(bc, _mm_sub_epi16(zero, bc));
            __m128i pb = _mm_max_epi16(ac, _mm_sub_epi16(zero, ac));
            __m128i sum = _mm_add_epi16(bc, ac);
            __m128i pc = _mm_max_epi16(sum, _mm_sub_epi16(zero, sum));
            __m128i least = _mm_min_epi16(pa, _mm_min_epi16(pb, pc));
            __m128i pick = c;
            __m128i useB = _mm_cmpeq_epi16(pb, least);
            pick = _mm_or_si128(_mm_and_si128(useB, b), _mm_andnot_si128(useB, pick));
            __m128i useA = _mm_cmpeq_epi16(pa, least);
            pick = _mm_or_si128(_mm_and_si128(useA, a), _mm_andnot_si128(useA, pick));
            __m128i x = _mm_add_epi8(load4(src + i), _mm_packus_epi16(pick, zero));
            store4(dst + i, x);
            a = _mm_unpacklo_epi8(x, zero);
            c = b;
        }
        return;
    }
    }
}
#endif

static void unfilter(int kind, const uint8_t *src, const uint8_t *prev, uint8_t *dst, size_t n, size_t bpp,
                     int portable) {
#if defined(__x86_64__)
    if (!portable && bpp == 4) {
        unfilter_rgba_sse2(kind, src, prev, dst, n);
        return;
    }
#endif
    (void)portable;
    unfilter_portable(kind, src, prev, dst, n, bpp);
}

int cpng_decode_rgba8_fast(const uint8_t *data, size_t size, const cpng_limits *limits, cpng_info *info,
                           uint8_t *pixels, size_t capacity, int portable) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (!data || !limits || !info || !pixels || size < 8 + 25 || memcmp(data, signature, 8) != 0) {
        return CPNG_DECLINED;
    }
    /* IHDR first: 8-bit RGB or RGBA, deflate, filter method 0, not interlaced. */
    const uint8_t *ihdr = data + 8;
    if (be32(ihdr) != 13 || memcmp(ihdr + 4, "IHDR", 4) != 0 ||
        libdeflate_crc32(0, ihdr + 4, 17) != be32(ihdr + 21)) {
        return CPNG_DECLINED;
    }
    uint32_t width = be32(ihdr + 8), height = be32(ihdr + 12);
    int depth = ihdr[16], color = ihdr[17];
    if (width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu || depth != 8 ||
        (color != CPNG_COLOR_RGB && color != CPNG_COLOR_RGBA) || ihdr[18] != 0 || ihdr[19] != 0 || ihdr[20] != 0) {
        return CPNG_DECLINED;
    }
    if (width > limits->max_width || height > limits->max_height ||
        (uint64_t)width * height > limits->max_pixels) {
        return CPNG_DECLINED;
    }
    size_t bpp = color == CPNG_COLOR_RGBA ? 4 : 3;
    size_t row = (size_t)width * bpp;
    size_t filtered = (size_t)height * (row + 1);
    size_t out_row = (size_t)width * 4;
    if (capacity / out_row < height) {
        return CPNG_DECLINED;
    }

    /* The chunks: their lengths, names and CRCs, IDAT in one run, IEND last; whatever follows IEND
       is ignored, as libpng ignores it. */
    size_t pos = 8 + 25, idat_bytes = 0, idat_start = 0, idat_chunks = 0;
    int seen_idat = 0, after_idat = 0, ended = 0;
    while (!ended) {
        if (size - pos < 12) {
            return CPNG_DECLINED;
        }
        const uint8_t *p = data + pos;
        uint32_t length = be32(p);
        const uint8_t *type = p + 4;
        if (length > 0x7fffffffu || (size_t)length + 12 > size - pos || !is_letter(type[0]) ||
            !is_letter(type[1]) || !is_letter(type[2]) || !is_letter(type[3]) ||
            libdeflate_crc32(0, type, (size_t)length + 4) != be32(p + 8 + length)) {
            return CPNG_DECLINED;
        }
        if (memcmp(type, "IDAT", 4) == 0) {
            if (after_idat || length > MAX_CHUNK) {
                return CPNG_DECLINED;
            }
            if (!seen_idat) {
                idat_start = pos;
            }
            seen_idat = 1;
            idat_bytes += length;
            idat_chunks++;
        } else if (memcmp(type, "IEND", 4) == 0) {
            if (length != 0 || !seen_idat) {
                return CPNG_DECLINED;
            }
            ended = 1;
        } else if (type[0] >= 'a' && length <= MAX_CHUNK && ancillary_kind(type)) {
            /* Ancillary (a lower-case first letter): skipped, before or after the image data. */
            after_idat = seen_idat;
        } else {
            return CPNG_DECLINED;
        }
        pos += (size_t)length + 12;
    }

    /* One zlib stream with a 32 KiB window (a smaller window's stream may reach further back than
       zlib lets it, which libdeflate does not check), gathered from its chunks when there are
       several. */
    uint8_t *gathered = NULL;
    const uint8_t *stream = data + idat_start + 8;
    if (idat_chunks > 1) {
        gathered = malloc(idat_bytes ? idat_bytes : 1);
        if (!gathered) {
            return CPNG_DECLINED;
        }
        size_t at = idat_start, filled = 0;
        for (size_t k = 0; k < idat_chunks; k++) {
            uint32_t length = be32(data + at);
            memcpy(gathered + filled, data + at + 8, length);
            filled += length;
            at += (size_t)length + 12;
        }
        stream = gathered;
    }
    if (idat_bytes < 2 || stream[0] != 0x78) {
        free(gathered);
        return CPNG_DECLINED;
    }

    /* Rows of four bytes inflate into the caller's buffer when it has room for the filter bytes
       (PNG.swift allocates it so) and unfilter in place, each row moved up by its index; others
       go through a buffer of their own. */
    int in_place = bpp == 4 && capacity >= filtered;
    uint8_t *rows = in_place ? pixels : malloc(filtered);
    if (!rows) {
        free(gathered);
        return CPNG_DECLINED;
    }
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    size_t consumed = 0;
    enum libdeflate_result r = d ? libdeflate_zlib_decompress_ex(d, stream, idat_bytes, rows, filtered, &consumed, NULL)
                                 : LIBDEFLATE_BAD_DATA;
    if (d) {
        libdeflate_free_decompressor(d);
    }
    free(gathered);
    if (r != LIBDEFLATE_SUCCESS || consumed != idat_bytes) {
        if (!in_place) {
            free(rows);
        }
        return CPNG_DECLINED;
    }
    for (uint32_t y = 0; y < height; y++) {
        if (rows[(size_t)y * (row + 1)] > 4) {
            if (!in_place) {
                free(rows);
            }
            return CPNG_DECLINED;
        }
    }

    static const uint8_t zeros[64] = {0};
    uint8_t *zero_row = NULL;
    if (row > sizeof zeros) {
        zero_row = calloc(1, row);
        if (!zero_row) {
            if (!in_place) {
                free(rows);
            }
            return CPNG_DECLINED;
        }
    }
    const uint8_t *none_above = zero_row ? zero_row : zeros;
    portable = portable || !cisa_allows(CISA_SSE2); /* one choice for the whole image */
    if (in_place) {
        for (uint32_t y = 0; y < height; y++) {
            const uint8_t *src = rows + (size_t)y * (row + 1);
            uint8_t *dst = pixels + (size_t)y * out_row;
            unfilter(src[0], src + 1, y ? dst - out_row : none_above, dst, row, bpp, portable);
        }
    } else {
        for (uint32_t y = 0; y < height; y++) {
            uint8_t *src = rows + (size_t)y * (row + 1);
            unfilter(src[0], src + 1, y ? src - row : none_above, src + 1, row, bpp, portable);
            uint8_t *dst = pixels + (size_t)y * out_row;
            if (bpp == 4) {
                memcpy(dst, src + 1, row);
            } else {
                for (uint32_t x = 0; x < width; x++) {
                    dst[x * 4] = src[1 + x * 3];
                    dst[x * 4 + 1] = src[2 + x * 3];
                    dst[x * 4 + 2] = src[3 + x * 3];
                    dst[x * 4 + 3] = 255;
                }
            }
        }
        free(rows);
    }
    free(zero_row);
    memset(info, 0, sizeof *info);
    info->width = width;
    info->height = height;
    info->color_type = color;
    info->bit_depth = 8;
    return CPNG_OK;
}
