#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

/* libjpeg-turbo behind a C shim, built as the PNG one is (cpng.h): libjpeg reports errors by
   longjmp, which must never cross a Swift frame, so every function here sets up its own setjmp
   and returns a status code; on failure `err` (when not NULL) holds a one-line, NUL-terminated
   reason. No global state: any call may run on any thread at the same time as any other. */

#define CJPEG_OK 0
#define CJPEG_ERROR_FORMAT 1   /* not a JPEG, corrupt, truncated, or a colour space we refuse */
#define CJPEG_ERROR_LIMIT 2    /* larger than the caller's limits */
#define CJPEG_ERROR_MEMORY 3   /* allocation failed */
#define CJPEG_ERROR_ARGUMENT 4 /* bad arguments from the caller */

#define CJPEG_ERRLEN 256

/* The colour space of the stored samples (libjpeg's guess from JFIF, Adobe and component ids). */
#define CJPEG_COLOR_GRAY 1
#define CJPEG_COLOR_RGB 2
#define CJPEG_COLOR_YCBCR 3

typedef struct cjpeg_info {
    uint32_t width;  /* as stored, before any EXIF orientation */
    uint32_t height;
    int components;  /* 1 or 3 */
    int color_space; /* CJPEG_COLOR_* */
    int progressive; /* 1 for a progressive (SOF2) file */
    uint32_t output_width; /* what a decode wrote (the stored size, divided when scaled) */
    uint32_t output_height;
} cjpeg_info;

typedef struct cjpeg_limits {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
} cjpeg_limits;

/* Reads the header (every marker up to the first scan). CMYK, YCCK and other colour spaces are
   refused (CJPEG_ERROR_FORMAT, with a message saying so). When `validate` is non-zero the header
   is checked against `limits` and then every scan is decoded one output row at a time (a
   progressive file still needs its whole coefficient buffer, as any progressive decode does), so
   a corrupt or truncated file is reported. */
int cjpeg_read_info(const uint8_t *data, size_t size, const cjpeg_limits *limits, int validate,
                    cjpeg_info *info, char err[CJPEG_ERRLEN]);

/* How chroma stored at half resolution (4:2:0, 4:2:2) is upsampled. */
#define CJPEG_CHROMA_LIBJPEG 0       /* libjpeg-turbo's own decode: fancy, across the plane */
#define CJPEG_CHROMA_RAW_LIBJPEG 1   /* the same arithmetic from raw planes (its test) */
#define CJPEG_CHROMA_WITHIN_BLOCKS 2 /* Apple's: fancy inside each 8 x 8 chroma block */

/* Decodes a whole JPEG (baseline or progressive, gray, YCbCr or RGB) to opaque 8-bit RGBA into
   the caller's buffer: rows packed, output_width * 4 bytes each, in stored order (no EXIF
   orientation). The header is checked against `limits` (which apply to the stored size) before
   anything is allocated. libjpeg's warnings (corrupt data, a premature end of the file) are
   errors: a damaged file never yields a partly grey image.
   At 1/denom of the stored size (denom 1, 2, 4 or 8) it is scaled inside the inverse DCT:
   info->output_width and output_height are width / denom and height / denom rounded up, and
   `capacity` must hold output_width * output_height * 4 bytes.
   `chroma` (CJPEG_CHROMA_*): at denom 1, a 4:2:0 or 4:2:2 YCbCr file is decoded to raw planes
   and upsampled and converted here for the RAW and WITHIN modes (libjpeg-turbo's arithmetic);
   every other file, and every other denom, as libjpeg-turbo decodes it. */
int cjpeg_decode_rgba8(const uint8_t *data, size_t size, const cjpeg_limits *limits, unsigned denom, int chroma,
                       cjpeg_info *info, uint8_t *pixels, size_t capacity, char err[CJPEG_ERRLEN]);

/* Encodes RGBA rows (alpha ignored) as a baseline 4:2:0 JPEG of `quality` 1-100, libjpeg's
   defaults otherwise: framegen writes JPEGs only to make camera-like test photos. On success
   *jpeg is a malloc'ed buffer of *length bytes, freed with cjpeg_free. */
int cjpeg_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int quality,
                       uint8_t **jpeg, size_t *length, char err[CJPEG_ERRLEN]);
void cjpeg_free(uint8_t *jpeg);

/* The libjpeg-turbo version the shim was built against, e.g. "2.1.5". */
const char *cjpeg_library_version(void);

#endif
