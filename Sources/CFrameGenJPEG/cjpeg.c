#include "cjpeg.h"

#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* As in cpng.c, everything a call owns lives in one heap-allocated context, so the error path (a
   longjmp back to the setjmp in the calling function) frees only what the context points to:
   locals modified after setjmp are indeterminate after the jump, heap memory is not. */
typedef struct ctx {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr jerr;
    struct jpeg_progress_mgr progress;
    jmp_buf jmp;
    char *err;
    int status; /* what the error path returns */
    int created;
    uint8_t *row;
    uint8_t *planes; /* the raw decode's three component planes, one allocation */
    int *sums;       /* its vertical chroma sums, two rows */
} ctx;

/* Progressive files may repeat scans without end; each scan costs a pass over the whole
   coefficient buffer, so a small file could keep a decoder busy for minutes. libjpeg-turbo's
   own TurboJPEG API stops at 500 scans for the same reason; real encoders write about 10. */
#define MAX_SCANS 500

static void set_err(char *err, const char *msg) {
    if (err) {
        snprintf(err, CJPEG_ERRLEN, "%s", msg);
    }
}

static void fail(ctx *c, int status, const char *msg) {
    c->status = status;
    set_err(c->err, msg);
    longjmp(c->jmp, 1);
}

static void on_error_exit(j_common_ptr cinfo) {
    ctx *c = (ctx *)cinfo->client_data;
    char msg[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, msg);
    if (cinfo->err->msg_code == JERR_NO_BACKING_STORE || cinfo->err->msg_code == JERR_OUT_OF_MEMORY) {
        c->status = CJPEG_ERROR_MEMORY;
        set_err(c->err, "decoding needs more memory than the image limits allow");
    } else {
        set_err(c->err, msg);
    }
    longjmp(c->jmp, 1);
}

/* libjpeg "warnings" (level -1) are mostly damaged data it papers over: a premature end of the
   file becomes grey rows, a bad Huffman code a smeared block. They are errors here, as in
   TurboJPEG's TJFLAG_STOPONWARNING, so a file either decodes as written or not at all. The
   warnings about metadata that do not touch the pixels are let through. Trace messages
   (level >= 0) are never printed. */
static void on_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) {
        return;
    }
    int code = cinfo->err->msg_code;
    if (code == JWRN_JFIF_MAJOR || code == JWRN_ADOBE_XFORM || code == JWRN_BOGUS_ICC) {
        return;
    }
    ctx *c = (ctx *)cinfo->client_data;
    if (code == JWRN_JPEG_EOF) {
        set_err(c->err, "file is truncated (premature end of JPEG data)");
    } else {
        char msg[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, msg);
        set_err(c->err, msg);
    }
    c->status = CJPEG_ERROR_FORMAT;
    longjmp(c->jmp, 1);
}

static void on_progress(j_common_ptr cinfo) {
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > MAX_SCANS) {
        ctx *c = (ctx *)cinfo->client_data;
        char msg[CJPEG_ERRLEN];
        snprintf(msg, sizeof msg, "progressive JPEG has more than %d scans", MAX_SCANS);
        fail(c, CJPEG_ERROR_FORMAT, msg);
    }
}

static ctx *new_ctx(char *err) {
    ctx *c = calloc(1, sizeof *c);
    if (!c) {
        set_err(err, "out of memory");
        return NULL;
    }
    c->err = err;
    c->status = CJPEG_ERROR_FORMAT;
    return c;
}

static void free_ctx(ctx *c) {
    if (c->created) {
        jpeg_destroy_decompress(&c->cinfo);
    }
    free(c->row);
    free(c->planes);
    free(c->sums);
    free(c);
}

/* Called after setjmp: creating the decompressor may already fail through error_exit. */
static void start(ctx *c, const uint8_t *data, size_t size, const cjpeg_limits *limits) {
    c->cinfo.err = jpeg_std_error(&c->jerr);
    c->jerr.error_exit = on_error_exit;
    c->jerr.emit_message = on_emit_message;
    c->cinfo.client_data = c;
    jpeg_create_decompress(&c->cinfo);
    c->created = 1;
    c->progress.progress_monitor = on_progress;
    c->cinfo.progress = &c->progress;
    if (limits) {
        /* Room for a 3-component 4:4:4 progressive coefficient buffer (6 bytes a pixel) of the
           largest image allowed, plus row buffers; past it libjpeg stops (no backing store). */
        uint64_t cap = limits->max_pixels * 8u + (64u << 20);
        c->cinfo.mem->max_memory_to_use = cap > (uint64_t)LONG_MAX ? LONG_MAX : (long)cap;
    }
    jpeg_mem_src(&c->cinfo, data, (unsigned long)size);
}

static void read_header(ctx *c, cjpeg_info *out) {
    if (jpeg_read_header(&c->cinfo, TRUE) != JPEG_HEADER_OK) {
        fail(c, CJPEG_ERROR_FORMAT, "JPEG holds tables only, no image");
    }
    j_decompress_ptr d = &c->cinfo;
    out->width = d->image_width;
    out->height = d->image_height;
    out->components = d->num_components;
    out->progressive = d->progressive_mode ? 1 : 0;
    switch (d->jpeg_color_space) {
    case JCS_GRAYSCALE: out->color_space = CJPEG_COLOR_GRAY; break;
    case JCS_RGB: out->color_space = CJPEG_COLOR_RGB; break;
    case JCS_YCbCr: out->color_space = CJPEG_COLOR_YCBCR; break;
    case JCS_CMYK:
    case JCS_YCCK:
        fail(c, CJPEG_ERROR_FORMAT,
             d->jpeg_color_space == JCS_CMYK
                 ? "CMYK JPEGs are not supported (convert the image to RGB)"
                 : "YCCK (CMYK) JPEGs are not supported (convert the image to RGB)");
        break;
    default: {
        char msg[CJPEG_ERRLEN];
        snprintf(msg, sizeof msg, "JPEG with %d components in an unknown colour space is not supported",
                 d->num_components);
        fail(c, CJPEG_ERROR_FORMAT, msg);
    }
    }
}

static void check_limits(ctx *c, const cjpeg_info *info, const cjpeg_limits *limits) {
    uint32_t w = info->width, h = info->height;
    if (w > limits->max_width || h > limits->max_height ||
        (uint64_t)w * (uint64_t)h > limits->max_pixels) {
        char msg[CJPEG_ERRLEN];
        snprintf(msg, sizeof msg, "image is %u x %u px, over the limit of %u x %u px and %llu pixels", w,
                 h, limits->max_width, limits->max_height, (unsigned long long)limits->max_pixels);
        fail(c, CJPEG_ERROR_LIMIT, msg);
    }
}

/* Opaque RGBA straight from libjpeg-turbo's colour converter (it writes 0xFF alpha), with the
   accurate integer IDCT and fancy upsampling: its defaults, bit-exact between its SIMD and C
   paths. */
static void start_rgba(ctx *c) {
    c->cinfo.out_color_space = JCS_EXT_RGBA;
    c->cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&c->cinfo);
    if (c->cinfo.output_components != 4) {
        fail(c, CJPEG_ERROR_FORMAT, "unexpected output components after colour conversion");
    }
}

/* ---- Chroma upsampled within each block, as ImageIO does (docs/design/rendering.md §7.5) -----

   libjpeg-turbo's fancy upsampling weighs each chroma sample 3:1 with its neighbour across the
   whole plane. Apple's decoder does the same inside each 8 x 8 chroma block and repeats the
   block's own edge sample at its border: measured on an iOS reference of a 4:2:0 photo (docs).
   Here the planes come out raw (libjpeg's inverse DCT, nothing upsampled) and are upsampled with
   libjpeg's own arithmetic (jdsample.c) and converted with its tables (jdcolor.c), so that with
   `within_blocks` 0 the bytes equal libjpeg-turbo's own decode (tested); 4:2:0 and 4:2:2 only. */

#define YCC_SCALEBITS 16
#define YCC_ONE_HALF ((int32_t)1 << (YCC_SCALEBITS - 1))
#define YCC_FIX(x) ((int32_t)((x) * (1L << YCC_SCALEBITS) + 0.5))

static int raw_eligible(j_decompress_ptr d) {
    if (d->jpeg_color_space != JCS_YCbCr || d->num_components != 3) {
        return 0;
    }
    const jpeg_component_info *ci = d->comp_info;
    for (int k = 1; k < 3; k++) {
        if (ci[k].h_samp_factor != 1 || ci[k].v_samp_factor != 1) {
            return 0;
        }
    }
    /* libjpeg's fancy upsampling needs more than two chroma columns (jdsample.c). */
    return ci[0].h_samp_factor == 2 && (ci[0].v_samp_factor == 1 || ci[0].v_samp_factor == 2) &&
           (d->image_width + 1) / 2 > 2;
}

/* A neighbour's index: one step from i, kept inside [0, n) and, within blocks, inside i's block
   of 8 (the sample itself where the step leaves them). */
static inline int neighbour(int i, int step, int n, int within_blocks) {
    int j = i + step;
    if (j < 0 || j >= n || (within_blocks && (j >> 3) != (i >> 3))) {
        return i;
    }
    return j;
}

static void decode_raw(ctx *c, uint8_t *pixels, size_t row_bytes, int within_blocks) {
    j_decompress_ptr d = &c->cinfo;
    d->raw_data_out = TRUE;
    d->out_color_space = JCS_YCbCr;
    jpeg_start_decompress(d);
    const jpeg_component_info *ci = d->comp_info;
    const int vmax = d->max_v_samp_factor; /* 2 for 4:2:0, 1 for 4:2:2 */
    size_t pw[3], ph[3], offset[3], total = 0;
    for (int k = 0; k < 3; k++) {
        pw[k] = (size_t)ci[k].width_in_blocks * DCTSIZE;
        ph[k] = (size_t)d->total_iMCU_rows * (size_t)ci[k].v_samp_factor * DCTSIZE;
        offset[k] = total;
        total += pw[k] * ph[k];
    }
    /* Under 2 bytes a pixel plus block padding: the image limits bound it. */
    if (!(c->planes = malloc(total)) || !(c->sums = malloc(sizeof(int) * pw[1] * 2))) {
        fail(c, CJPEG_ERROR_MEMORY, "out of memory");
    }
    JSAMPROW rows[3][2 * DCTSIZE];
    JSAMPARRAY image[3] = {rows[0], rows[1], rows[2]};
    for (JDIMENSION imcu = 0; imcu < d->total_iMCU_rows; imcu++) {
        for (int k = 0; k < 3; k++) {
            int n = ci[k].v_samp_factor * DCTSIZE;
            for (int r = 0; r < n; r++) {
                rows[k][r] = c->planes + offset[k] + ((size_t)imcu * n + r) * pw[k];
            }
        }
        if (jpeg_read_raw_data(d, image, (JDIMENSION)(vmax * DCTSIZE)) == 0) {
            fail(c, CJPEG_ERROR_FORMAT, "decoding stopped before the last row");
        }
    }
    jpeg_finish_decompress(d);

    int cr_r[256], cb_b[256];
    int32_t cr_g[256], cb_g[256];
    for (int i = 0; i < 256; i++) {
        int32_t x = i - 128;
        cr_r[i] = (int)((YCC_FIX(1.40200) * x + YCC_ONE_HALF) >> YCC_SCALEBITS);
        cb_b[i] = (int)((YCC_FIX(1.77200) * x + YCC_ONE_HALF) >> YCC_SCALEBITS);
        cr_g[i] = -YCC_FIX(0.71414) * x;
        cb_g[i] = -YCC_FIX(0.34414) * x + YCC_ONE_HALF;
    }
    const int width = (int)d->image_width, height = (int)d->image_height;
    const int cw = (width + 1) / 2;
    const int chh = vmax == 2 ? (height + 1) / 2 : height;
    const uint8_t *yp = c->planes + offset[0];
    const uint8_t *cbp = c->planes + offset[1], *crp = c->planes + offset[2];
    int *cbs = c->sums, *crs = c->sums + pw[1];
    for (int y = 0; y < height; y++) {
        /* Vertical: 4:2:0 takes 3 parts of its chroma row and 1 of the row above (even output
           rows) or below (odd), kept as sums x 4; 4:2:2 the row itself. */
        int cy = vmax == 2 ? y >> 1 : y;
        const uint8_t *cb0 = cbp + (size_t)cy * pw[1], *cr0 = crp + (size_t)cy * pw[2];
        if (vmax == 2) {
            int ny = neighbour(cy, (y & 1) ? 1 : -1, chh, within_blocks);
            const uint8_t *cb1 = cbp + (size_t)ny * pw[1], *cr1 = crp + (size_t)ny * pw[2];
            for (int x = 0; x < cw; x++) {
                cbs[x] = 3 * cb0[x] + cb1[x];
                crs[x] = 3 * cr0[x] + cr1[x];
            }
        } else {
            for (int x = 0; x < cw; x++) {
                cbs[x] = cb0[x];
                crs[x] = cr0[x];
            }
        }
        const uint8_t *yr = yp + (size_t)y * pw[0];
        uint8_t *out = pixels + (size_t)y * row_bytes;
        for (int x = 0; x < width; x++) {
            /* Horizontal: 3 parts of the sample under the pixel and 1 of its left neighbour (even
               pixels) or right (odd); libjpeg's rounding, 8 and 7 in sixteenths for 4:2:0, 1 and 2
               in quarters for 4:2:2. */
            int cx = x >> 1, odd = x & 1;
            int nx = neighbour(cx, odd ? 1 : -1, cw, within_blocks);
            int cb, cr;
            if (vmax == 2) {
                cb = (3 * cbs[cx] + cbs[nx] + (odd ? 7 : 8)) >> 4;
                cr = (3 * crs[cx] + crs[nx] + (odd ? 7 : 8)) >> 4;
            } else {
                cb = (3 * cbs[cx] + cbs[nx] + (odd ? 2 : 1)) >> 2;
                cr = (3 * crs[cx] + crs[nx] + (odd ? 2 : 1)) >> 2;
            }
            int luma = yr[x];
            int r = luma + cr_r[cr];
            int g = luma + (int)((cb_g[cb] + cr_g[cr]) >> YCC_SCALEBITS);
            int b = luma + cb_b[cb];
            out[4 * x] = (uint8_t)(r < 0 ? 0 : r > 255 ? 255 : r);
            out[4 * x + 1] = (uint8_t)(g < 0 ? 0 : g > 255 ? 255 : g);
            out[4 * x + 2] = (uint8_t)(b < 0 ? 0 : b > 255 ? 255 : b);
            out[4 * x + 3] = 255;
        }
    }
}

/* What one call does: read the header only, also decode every row into one reused row (to
   validate), or decode into the caller's buffer. */
enum mode { MODE_INFO, MODE_VALIDATE, MODE_DECODE };

/* The one function that calls setjmp, so that every entry point shares its error path. */
static int run(enum mode mode, const uint8_t *data, size_t size, const cjpeg_limits *limits,
               unsigned denom, int chroma, cjpeg_info *out, uint8_t *pixels, size_t capacity, char *err) {
    if (!out || !data || (mode != MODE_INFO && !limits) || (mode == MODE_DECODE && !pixels) ||
        (denom != 1 && denom != 2 && denom != 4 && denom != 8)) {
        set_err(err, "missing argument");
        return CJPEG_ERROR_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    ctx *c = new_ctx(err);
    if (!c) {
        return CJPEG_ERROR_MEMORY;
    }
    if (setjmp(c->jmp)) {
        int status = c->status;
        free_ctx(c);
        return status;
    }
    start(c, data, size, mode == MODE_INFO ? NULL : limits);
    read_header(c, out);
    if (mode != MODE_INFO) {
        check_limits(c, out, limits);
        /* libjpeg-turbo scales by 1/2, 1/4 or 1/8 inside the inverse DCT (a smaller transform
           over each block's low frequencies), so a reduced image costs the entropy decoding and
           little more; its size is the full one divided and rounded up. */
        c->cinfo.scale_num = 1;
        c->cinfo.scale_denom = denom;
        jpeg_calc_output_dimensions(&c->cinfo);
        out->output_width = c->cinfo.output_width;
        out->output_height = c->cinfo.output_height;
        size_t row_bytes = (size_t)out->output_width * 4;
        if (mode == MODE_DECODE && capacity / row_bytes < out->output_height) {
            fail(c, CJPEG_ERROR_ARGUMENT, "pixel buffer too small for the image");
        }
        if (mode == MODE_VALIDATE && !(c->row = malloc(row_bytes))) {
            fail(c, CJPEG_ERROR_MEMORY, "out of memory");
        }
        if (mode == MODE_DECODE && denom == 1 && chroma != CJPEG_CHROMA_LIBJPEG && raw_eligible(&c->cinfo)) {
            decode_raw(c, pixels, row_bytes, chroma == CJPEG_CHROMA_WITHIN_BLOCKS);
            free_ctx(c);
            return CJPEG_OK;
        }
        start_rgba(c);
        while (c->cinfo.output_scanline < c->cinfo.output_height) {
            JSAMPROW rows[1] = {mode == MODE_DECODE ? pixels + row_bytes * c->cinfo.output_scanline
                                                    : c->row};
            /* An in-memory source never suspends; a row that does not come is a broken file,
               never a reason to loop. */
            if (jpeg_read_scanlines(&c->cinfo, rows, 1) != 1) {
                fail(c, CJPEG_ERROR_FORMAT, "decoding stopped before the last row");
            }
        }
        /* Reading through EOI reports a file cut inside its last scan. */
        jpeg_finish_decompress(&c->cinfo);
    }
    free_ctx(c);
    return CJPEG_OK;
}

int cjpeg_read_info(const uint8_t *data, size_t size, const cjpeg_limits *limits, int validate,
                    cjpeg_info *out, char err[CJPEG_ERRLEN]) {
    return run(validate ? MODE_VALIDATE : MODE_INFO, data, size, limits, 1, CJPEG_CHROMA_LIBJPEG, out, NULL,
               0, err);
}

int cjpeg_decode_rgba8(const uint8_t *data, size_t size, const cjpeg_limits *limits, unsigned denom, int chroma,
                       cjpeg_info *out, uint8_t *pixels, size_t capacity, char err[CJPEG_ERRLEN]) {
    return run(MODE_DECODE, data, size, limits, denom, chroma, out, pixels, capacity, err);
}

#define CJPEG_STR2(x) #x
#define CJPEG_STR(x) CJPEG_STR2(x)

const char *cjpeg_library_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return CJPEG_STR(LIBJPEG_TURBO_VERSION);
#else
    return "unknown";
#endif
}

/* ---- Encoding (generated test photos only) ------------------------------------------------ */

typedef struct enc_ctx {
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr jerr;
    jmp_buf jmp;
    char *err;
    int created;
    unsigned char *buffer; /* jpeg_mem_dest's, malloc'ed by libjpeg */
    unsigned long length;
} enc_ctx;

static void on_encode_error(j_common_ptr cinfo) {
    enc_ctx *c = (enc_ctx *)cinfo->client_data;
    char msg[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, msg);
    set_err(c->err, msg);
    longjmp(c->jmp, 1);
}

int cjpeg_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int quality,
                       uint8_t **jpeg, size_t *length, char err[CJPEG_ERRLEN]) {
    if (!pixels || !jpeg || !length || width == 0 || height == 0 || width > JPEG_MAX_DIMENSION ||
        height > JPEG_MAX_DIMENSION || stride < (size_t)width * 4 || quality < 1 || quality > 100) {
        set_err(err, "bad arguments for a JPEG");
        return CJPEG_ERROR_ARGUMENT;
    }
    *jpeg = NULL;
    *length = 0;
    enc_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        set_err(err, "out of memory");
        return CJPEG_ERROR_MEMORY;
    }
    c->err = err;
    if (setjmp(c->jmp)) {
        if (c->created) {
            jpeg_destroy_compress(&c->cinfo);
        }
        free(c->buffer);
        free(c);
        return CJPEG_ERROR_FORMAT;
    }
    c->cinfo.err = jpeg_std_error(&c->jerr);
    c->jerr.error_exit = on_encode_error;
    c->cinfo.client_data = c;
    jpeg_create_compress(&c->cinfo);
    c->created = 1;
    jpeg_mem_dest(&c->cinfo, &c->buffer, &c->length);
    c->cinfo.image_width = width;
    c->cinfo.image_height = height;
    c->cinfo.input_components = 4;
    c->cinfo.in_color_space = JCS_EXT_RGBA; /* alpha ignored: a JPEG is opaque */
    jpeg_set_defaults(&c->cinfo);
    jpeg_set_quality(&c->cinfo, quality, TRUE);
    jpeg_start_compress(&c->cinfo, TRUE);
    while (c->cinfo.next_scanline < c->cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * c->cinfo.next_scanline);
        jpeg_write_scanlines(&c->cinfo, &row, 1);
    }
    jpeg_finish_compress(&c->cinfo);
    jpeg_destroy_compress(&c->cinfo);
    *jpeg = c->buffer;
    *length = c->length;
    free(c);
    return CJPEG_OK;
}

void cjpeg_free(uint8_t *jpeg) { free(jpeg); }
