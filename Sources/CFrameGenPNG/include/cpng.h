#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/* libpng behind a C shim. libpng reports errors by longjmp, which must never cross a Swift frame,
   so every function here sets up its own setjmp and returns a status code instead; on failure
   `err` (when not NULL) holds a one-line, NUL-terminated reason. Nothing here keeps global state:
   every call may run on any thread at the same time as any other call. */

#define CPNG_OK 0
#define CPNG_ERROR_FORMAT 1   /* not a PNG, or corrupt / truncated */
#define CPNG_ERROR_LIMIT 2    /* larger than the caller's limits */
#define CPNG_ERROR_MEMORY 3   /* allocation failed */
#define CPNG_ERROR_ARGUMENT 4 /* bad arguments from the caller */

#define CPNG_ERRLEN 256

/* PNG's colour types (the IHDR byte). */
#define CPNG_COLOR_GRAY 0
#define CPNG_COLOR_RGB 2
#define CPNG_COLOR_PALETTE 3
#define CPNG_COLOR_GRAY_ALPHA 4
#define CPNG_COLOR_RGBA 6

/* PNG's filter choices, as a mask for cpng_filter_rows (the values of libpng's PNG_FILTER_*). */
#define CPNG_FILTER_NONE 0x08
#define CPNG_FILTER_SUB 0x10
#define CPNG_FILTER_UP 0x20
#define CPNG_FILTER_AVG 0x40
#define CPNG_FILTER_PAETH 0x80
#define CPNG_FILTER_ALL 0xf8

typedef struct cpng_info {
    uint32_t width;
    uint32_t height;
    int color_type; /* CPNG_COLOR_* */
    int bit_depth;  /* 1, 2, 4, 8 or 16 */
    int interlaced; /* 1 for Adam7 */
    int has_trns;   /* a tRNS chunk is present */
} cpng_info;

typedef struct cpng_limits {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
} cpng_limits;

/* Reads the header (and every chunk before the first IDAT). When `validate` is non-zero it then
   also inflates and unfilters every row and reads through IEND, so that a corrupt or truncated
   file is reported; it does so one row at a time (memory O(width)), after checking the header
   against `limits` (which may be NULL when `validate` is zero). No pixel memory is allocated
   before that check. */
int cpng_read_info(const uint8_t *data, size_t size, const cpng_limits *limits, int validate,
                   cpng_info *info, char err[CPNG_ERRLEN]);

/* Decodes a whole PNG to 8-bit straight-alpha RGBA into the caller's buffer `pixels` (rows packed,
   width * 4 bytes each; `capacity` must be at least width * height * 4, else CPNG_ERROR_ARGUMENT).
   The header is checked against `limits` first (CPNG_ERROR_LIMIT). The conversions are libpng's
   own: palette, tRNS and gray expanded (low bit depths by bit replication), 16-bit samples scaled
   with rounding (png_set_scale_16), gray copied to R, G and B, opaque alpha added where missing.
   gAMA, cHRM, sRGB and iCCP are skipped: the stored sample values are returned. On an error the
   buffer holds unspecified bytes and must be discarded. */
int cpng_decode_rgba8(const uint8_t *data, size_t size, const cpng_limits *limits,
                      cpng_info *info, uint8_t *pixels, size_t capacity, char err[CPNG_ERRLEN]);

/* cpng_decode_rgba8 tries its fast path (decode.c) first, in an optimised build (at -O0, a debug
   build's, its loops are slower than libpng's): 8-bit RGB or RGBA, not interlaced, no palette or
   tRNS, chunks libpng would skip, inflated by libdeflate and unfiltered with SSE2 (where the
   instruction-set ceiling, cisa.h, allows it). It decodes what libpng decodes to the same bytes
   and declines the rest (CPNG_DECLINED, never an error of its own), which libpng then decodes or
   refuses. With `capacity` at least height * (width * 4 + 1), an RGBA file inflates into
   `pixels` itself. `portable`: without the SSE2 loops whatever the ceiling, the reference the
   tests compare them with. */
#define CPNG_DECLINED (-1)
int cpng_decode_rgba8_fast(const uint8_t *data, size_t size, const cpng_limits *limits, cpng_info *info,
                           uint8_t *pixels, size_t capacity, int portable);

/* cpng_decode_rgba8 through libpng alone: what the fast path is compared with. */
int cpng_decode_rgba8_libpng(const uint8_t *data, size_t size, const cpng_limits *limits,
                             cpng_info *info, uint8_t *pixels, size_t capacity, char err[CPNG_ERRLEN]);

/* The encoder (encode.c) in steps the caller may run on several threads: filter row ranges,
   deflate, wrap in the PNG container. No libpng: it is only the decoder.

   Filters rows y0..<y1 of an image of 8-bit rows (`in_channels` 3 or 4 bytes a pixel, `stride`
   bytes apart) for an `out_channels`-byte (3 or 4; 4 -> 3 drops the fourth byte) PNG: each row
   becomes its filter-type byte and width * out_channels residuals in `out`, which must hold
   (y1 - y0) * (width * out_channels + 1) bytes. `filters` is a mask of CPNG_FILTER_*; with more
   than one (0 = all five) each row takes the one with the least sum of absolute residuals
   (libpng's heuristic). Row y0 - 1 is read as the row above y0, so ranges filter independently
   and their concatenation equals the whole image filtered at once. With `premultiplied` (RGBA in
   and out only) the rows are premultiplied and are written straight: c * 255 / a rounded to
   nearest, capped at 255, (0, 0, 0, 0) where a is 0. */
int cpng_filter_rows(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int in_channels,
                     int out_channels, int premultiplied, int filters, uint32_t y0, uint32_t y1, uint8_t *out);

/* cpng_filter_rows without the AVX2 and AVX-512 paths it takes where the CPU has them and the
   instruction-set ceiling (cisa.h) allows them: the portable reference whose bytes the tests
   compare it with. */
int cpng_filter_rows_portable(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride,
                              int in_channels, int out_channels, int premultiplied, int filters, uint32_t y0,
                              uint32_t y1, uint8_t *out);

/* Room that cpng_zlib_compress needs at most for n input bytes. */
size_t cpng_zlib_bound(size_t n);

/* One zlib stream of `in` with libdeflate at `level` (0 stored ... 12 smallest). */
int cpng_zlib_compress(int level, const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t *written);

/* Room cpng_fast_deflate needs at most for n input bytes (8 bytes more than stored blocks). */
size_t cpng_fast_deflate_bound(size_t n);

/* `fast`'s raw deflate of one piece of filtered rows (fast_deflate.c): runs at distance `bpp`
   (1 to 8, the bytes a pixel) are the only matches, one dynamic Huffman block fitted to the piece,
   stored blocks when they are smaller. `cap` must be at least cpng_fast_deflate_bound(n). Pieces
   that are not `last` end byte-aligned after an empty stored block, so pieces compressed apart
   concatenate into one valid stream (after a zlib header, before the Adler-32 of all input). */
int cpng_fast_deflate(const uint8_t *in, size_t n, size_t bpp, int last, uint8_t *out, size_t cap,
                      size_t *written);

/* cpng_fast_deflate the plain way, the reference its tests compare bytes with: runs probed a
   pixel at a time rather than found in 64-byte windows, each literal's code written on its own. */
int cpng_fast_deflate_reference(const uint8_t *in, size_t n, size_t bpp, int last, uint8_t *out, size_t cap,
                                size_t *written);

/* How hard cpng_lz_deflate looks for matches: the default level's settings are
   { 12, 64, 32, 258 }; the levels below it take shallower ones (docs/decisions.md,
   "PNG compression"). */
typedef struct cpng_lz_params {
    int depth;  /* hash-chain candidates tried per position (0: the pixel before and the
                   long-copy table only) */
    int nice;   /* a match this long (at least 4) ends the chain walk */
    int lazy;   /* a match shorter than this is compared with the next position's; 0: greedy */
    int insert; /* a match longer than this (at least 16) enters the tables by its last 16
                   positions only, as runs of a period up to 16 bytes always do; 258: every
                   position */
} cpng_lz_params;

/* The numbered levels' raw deflate of the piece in[start..end) of filtered rows (fast_deflate.c;
   docs/decisions.md, "PNG compression"): LZ77 matches found at one pixel back (`bpp`, 1 to 8),
   through a table of 16-byte sequences and a hash chain searched as `params` says; matches reach
   back up to 32 KiB, into in[0..start) too (the rows before the piece), so pieces compressed
   apart, in any order, give the bytes of one stream. One dynamic Huffman block fitted to the
   piece, or stored blocks when they are smaller; pieces that are not `last` end byte-aligned as
   cpng_fast_deflate's do. `cap` must be at least cpng_fast_deflate_bound(end - start). */
int cpng_lz_deflate(const uint8_t *in, size_t start, size_t end, size_t bpp, const cpng_lz_params *params, int last,
                    uint8_t *out, size_t cap, size_t *written);

/* Inflates a zlib stream with libdeflate (for tests): CPNG_ERROR_FORMAT unless it is valid and
   inflates to exactly `cap` bytes or fewer; `written` receives the count. */
int cpng_zlib_decompress(const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t *written);

uint32_t cpng_adler32(uint32_t adler, const uint8_t *in, size_t n);

/* `fast` for rows y0..<y1 of 8-bit RGBA rows (cpng_filter_rows' arguments with 4 channels in):
   filtered into a strip-sized buffer and compressed by cpng_fast_deflate while still in cache.
   `adler` receives the Adler-32 of the strip's filtered bytes (started at 1), which
   cpng_adler32_combine joins in strip order. `cap` as for cpng_fast_deflate. */
int cpng_fast_strip(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int out_channels,
                    int premultiplied, int filters, uint32_t y0, uint32_t y1, int last, uint8_t *out, size_t cap,
                    size_t *written, uint32_t *adler);

/* `fastest`'s raw deflate of one piece of filtered rows (fast_deflate.c; docs/decisions.md, "PNG
   compression"): 32-byte blocks of zeros coded as runs at distance one, every other byte a literal
   of at most 14 bits, one dynamic Huffman block fitted to a sample of the piece, stored blocks
   when they are smaller. `cap` and the pieces' joining as for cpng_fast_deflate. */
int cpng_fastest_deflate(const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap, size_t *written);

/* cpng_fastest_deflate without its AVX2 and AVX-512 paths: the portable reference whose bytes the
   tests compare it with. */
int cpng_fastest_deflate_portable(const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap,
                                  size_t *written);

/* cpng_fast_strip with cpng_fastest_deflate. */
int cpng_fastest_strip(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int out_channels,
                       int premultiplied, int filters, uint32_t y0, uint32_t y1, int last, uint8_t *out,
                       size_t cap, size_t *written, uint32_t *adler);

/* The Adler-32 of A followed by B from adler32(A), adler32(B) and B's length (zlib's formula). */
uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_length);

/* PNG's chunk CRC (CRC-32 of ISO 3309) of `in` continued from `crc` (0 to start), by libdeflate:
   the one CRC the encoder's container and the APNG writer (FrameGenCodecs) both use. */
uint32_t cpng_crc32(uint32_t crc, const uint8_t *in, size_t n);

/* The bytes cpng_write_container writes for a zlib stream of zsize bytes. */
size_t cpng_container_size(size_t zsize);

/* An 8-bit RGB or RGBA (`channels` 3 or 4), non-interlaced PNG around the zlib stream `zdata`:
   signature, IHDR, IDAT chunks of at most 1 MiB, IEND. No time or text chunks: the same pixels
   give the same bytes. */
int cpng_write_container(uint32_t width, uint32_t height, int channels, const uint8_t *zdata, size_t zsize,
                         uint8_t *out, size_t cap, size_t *written);

void cpng_free(void *p);

/* The vector path each family of the PNG code takes under the instruction-set ceiling now, as a
   level of cisa.h (CISA_PORTABLE ... CISA_AVX512): the highest the family has at or below
   cisa_level(). CPNG_FAMILY_FILTER, the row filters: AVX2, Paeth alone from RGBA rows to RGB (the
   frames' `fast` and `fastest` when RGB) in AVX2 or AVX-512. CPNG_FAMILY_DEFLATE, `fast` and
   `fastest`: `fast`'s run finder in SSE2, `fastest`'s zero blocks in AVX2 and literal blocks in
   AVX2 or AVX-512. CPNG_FAMILY_DECODE, the fast decoder: its RGBA unfilter in SSE2. -1 for no
   family. */
#define CPNG_FAMILY_FILTER 0
#define CPNG_FAMILY_DEFLATE 1
#define CPNG_FAMILY_DECODE 2
int cpng_family_level(int family);

/* The libpng version the shim runs with, e.g. "1.6.39". */
const char *cpng_libpng_version(void);

#endif
