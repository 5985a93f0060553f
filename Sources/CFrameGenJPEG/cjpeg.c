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

/* What one call does: read the header only, also decode every row into one reused row (to
   validate), or decode into the caller's buffer. */
enum mode { MODE_INFO, MODE_VALIDATE, MODE_DECODE };

/* The one function that calls setjmp, so that every entry point shares its error path. */
static int run(enum mode mode, const uint8_t *data, size_t size, const cjpeg_limits *limits,
               unsigned denom, cjpeg_info *out, uint8_t *pixels, size_t capacity, char *err) {
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
    return run(validate ? MODE_VALIDATE : MODE_INFO, data, size, limits, 1, out, NULL, 0, err);
}

int cjpeg_decode_rgba8(const uint8_t *data, size_t size, const cjpeg_limits *limits, cjpeg_info *out,
                       uint8_t *pixels, size_t capacity, char err[CJPEG_ERRLEN]) {
    return run(MODE_DECODE, data, size, limits, 1, out, pixels, capacity, err);
}

int cjpeg_decode_rgba8_scaled(const uint8_t *data, size_t size, const cjpeg_limits *limits, unsigned denom,
                              cjpeg_info *out, uint8_t *pixels, size_t capacity, char err[CJPEG_ERRLEN]) {
    return run(MODE_DECODE, data, size, limits, denom, out, pixels, capacity, err);
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
