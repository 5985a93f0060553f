#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/* libpng behind a C shim. libpng reports errors by longjmp, which must never cross a Swift frame,
   so every function here sets up its own setjmp and returns a status code instead; on failure
   `err` (when not NULL) holds a one-line, NUL-terminated reason. */

#define CPNG_OK 0
#define CPNG_ERROR_FORMAT 1   /* not a PNG, or corrupt / truncated */
#define CPNG_ERROR_LIMIT 2    /* larger than the caller's limits */
#define CPNG_ERROR_MEMORY 3   /* allocation failed */
#define CPNG_ERROR_ARGUMENT 4 /* bad arguments from the caller */

#define CPNG_ERRLEN 256

typedef struct cpng_info {
    uint32_t width;
    uint32_t height;
    int color_type;  /* PNG_COLOR_TYPE_*: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA */
    int bit_depth;   /* 1, 2, 4, 8 or 16 */
    int interlaced;  /* 1 for Adam7 */
    int has_trns;    /* a tRNS chunk is present */
} cpng_info;

typedef struct cpng_limits {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
} cpng_limits;

/* Reads the header only (and every chunk before the first IDAT); nothing is allocated for pixels. */
int cpng_read_info(const uint8_t *data, size_t size, cpng_info *info, char err[CPNG_ERRLEN]);

/* Decodes a whole PNG to 8-bit straight-alpha RGBA (width * height * 4 bytes, rows packed),
   checking the header against `limits` before any pixel memory is allocated. On success *pixels
   is malloc'ed and owned by the caller (release with cpng_free). gAMA, cHRM, sRGB and iCCP are
   ignored: the stored sample values are returned. 16-bit samples are rounded to 8 bits. */
int cpng_decode_rgba8(const uint8_t *data, size_t size, const cpng_limits *limits,
                      cpng_info *info, uint8_t **pixels, char err[CPNG_ERRLEN]);

/* Encodes 8-bit rows (channels = 4 for RGBA, 3 for RGB; `stride` bytes from row to row).
   level: zlib 0-9. filters: a mask of PNG_FILTER_NONE/SUB/UP/AVG/PAETH (0 = libpng's default
   choice). On success *out is malloc'ed and owned by the caller (release with cpng_free). */
int cpng_encode(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int channels,
                int level, int filters, uint8_t **out, size_t *out_size, char err[CPNG_ERRLEN]);

void cpng_free(void *p);

#endif
