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

/* PNG's filter choices, as a mask for cpng_encode (the values of libpng's PNG_FILTER_*). */
#define CPNG_FILTER_NONE 0x08
#define CPNG_FILTER_SUB 0x10
#define CPNG_FILTER_UP 0x20
#define CPNG_FILTER_AVG 0x40
#define CPNG_FILTER_PAETH 0x80

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

/* Encodes 8-bit rows as an 8-bit, non-interlaced PNG. `in_channels` is 3 (RGB) or 4 (RGBA) bytes a
   pixel in `rows` (`stride` bytes from row to row); `out_channels` is 3 or 4 (4 -> 3 drops the
   fourth byte; 3 -> 4 is refused). level: zlib 0-9. filters: a mask of CPNG_FILTER_* (0 = libpng's
   adaptive default). On success *out is malloc'ed and owned by the caller (release with
   cpng_free). No time or text chunks are written: the same pixels give the same bytes. */
int cpng_encode(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride,
                int in_channels, int out_channels, int level, int filters, uint8_t **out,
                size_t *out_size, char err[CPNG_ERRLEN]);

void cpng_free(void *p);

/* The libpng version the shim runs with, e.g. "1.6.39". */
const char *cpng_libpng_version(void);

#endif
