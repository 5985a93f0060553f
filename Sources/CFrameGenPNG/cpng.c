#include "cpng.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Everything a call owns lives in one heap-allocated context, and the error path (a longjmp back
   into the function that called setjmp) frees only what the context points to: C leaves local
   variables modified after setjmp indeterminate after the jump, heap memory it does not. */
typedef struct ctx {
    jmp_buf jmp;
    char *err;
    int status; /* what the error path returns (CPNG_ERROR_FORMAT unless set before png_error) */
    /* reading */
    const uint8_t *data;
    size_t size;
    size_t pos;
    png_bytep *rows;
    png_bytep row;
    int excess_data; /* the image data inflated past the image's declared size */
} ctx;

static void set_err(char *err, const char *msg) {
    if (err) {
        snprintf(err, CPNG_ERRLEN, "%s", msg);
    }
}

static void on_error(png_structp png, png_const_charp msg) {
    ctx *c = (ctx *)png_get_error_ptr(png);
    set_err(c->err, msg ? msg : "libpng error");
    longjmp(c->jmp, 1);
}

static void on_warning(png_structp png, png_const_charp msg) {
    /* Most warnings (a discarded ancillary chunk) do not change the pixels. Image data that
       inflates past the declared size does not either, but it is how a decompression bomb
       looks, and no encoder writes it: the decode is refused once the rows are read (libpng has
       stopped inflating by then, so memory and time stay bounded by the file). */
    ctx *c = (ctx *)png_get_error_ptr(png);
    if (msg && (strstr(msg, "Too much image data") || strstr(msg, "Extra compressed data"))) {
        c->excess_data = 1;
    }
}

static const char excess_message[] = "image data inflates past the image's declared size";

static void fail(png_structp png, ctx *c, int status, const char *msg) {
    c->status = status;
    png_error(png, msg);
}

static void read_fn(png_structp png, png_bytep out, png_size_t n) {
    ctx *c = (ctx *)png_get_io_ptr(png);
    if (n > c->size - c->pos) {
        png_error(png, "file is truncated");
    }
    memcpy(out, c->data + c->pos, n);
    c->pos += n;
}

/* Chunks whose colour-management meaning we deliberately ignore (README: "stored sample
   values"); treating them as unknown chunks also keeps a malformed ICC profile from failing a
   decode that Pillow or stb_image would accept. Their CRC is still checked. */
static const png_byte ignored_chunks[] = {'g', 'A', 'M', 'A', 0, 'c', 'H', 'R', 'M', 0,
                                          's', 'R', 'G', 'B', 0, 'i', 'C', 'C', 'P', 0};

/* Walks the chunk lengths before libpng sees them. The whole file is in memory, so a chunk that
   claims more bytes than remain is a truncated file, reported here before libpng would allocate
   a buffer of the claimed size (up to 2 GB for an ancillary chunk). Stops at IEND: whatever
   follows it is ignored, as libpng ignores it. */
static int check_chunk_lengths(const uint8_t *data, size_t size, char *err) {
    size_t pos = 8;
    while (size - pos >= 8) {
        const uint8_t *p = data + pos;
        uint32_t length = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
        char name[5] = {0};
        for (int i = 0; i < 4; i++) {
            uint8_t ch = p[4 + i];
            name[i] = ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')) ? (char)ch : '?';
        }
        if (length > 0x7fffffffu) {
            if (err) {
                snprintf(err, CPNG_ERRLEN, "chunk %s at byte %zu: length %u is out of range", name,
                         pos, length);
            }
            return CPNG_ERROR_FORMAT;
        }
        if ((size_t)length + 12 > size - pos) {
            if (err) {
                snprintf(err, CPNG_ERRLEN,
                         "file is truncated: chunk %s at byte %zu needs %zu bytes, %zu remain", name,
                         pos, (size_t)length + 12, size - pos);
            }
            return CPNG_ERROR_FORMAT;
        }
        if (memcmp(p + 4, "IEND", 4) == 0) {
            break;
        }
        pos += (size_t)length + 12;
    }
    return CPNG_OK;
}

static int check_signature(const uint8_t *data, size_t size, char *err) {
    if (!data || size < 8) {
        set_err(err, "file is too short to be a PNG");
        return CPNG_ERROR_FORMAT;
    }
    if (png_sig_cmp(data, 0, 8) != 0) {
        set_err(err, "not a PNG file (bad signature)");
        return CPNG_ERROR_FORMAT;
    }
    return check_chunk_lengths(data, size, err);
}

static ctx *new_read_ctx(const uint8_t *data, size_t size, char *err) {
    ctx *c = calloc(1, sizeof *c);
    if (!c) {
        set_err(err, "out of memory");
        return NULL;
    }
    c->err = err;
    c->status = CPNG_ERROR_FORMAT;
    c->data = data;
    c->size = size;
    return c;
}

static void free_ctx(ctx *c) {
    free(c->rows);
    free(c->row);
    free(c);
}

static png_structp new_reader(ctx *c, png_infop *info) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, c, on_error, on_warning);
    if (!png) {
        return NULL;
    }
    *info = png_create_info_struct(png);
    if (!*info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return NULL;
    }
    return png;
}

static void configure_reader(png_structp png, ctx *c) {
    png_set_read_fn(png, c, read_fn);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks, 4);
    /* A bad CRC anywhere means the file is corrupt: refuse it rather than guess. */
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    /* Bound every ancillary chunk's allocation (text, profiles...) before trusting its length;
       IDAT is bounded separately by libpng from the image size. */
    png_set_chunk_malloc_max(png, 8u * 1024u * 1024u);
    /* The header sizes are checked against the caller's limits here, after png_read_info, so
       that the error says "over the limit" rather than libpng's generic IHDR complaint. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
}

static void fill_info(png_structp png, png_infop info, cpng_info *out) {
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->color_type = png_get_color_type(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    out->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
}

static void check_limits(png_structp png, ctx *c, const cpng_info *info,
                         const cpng_limits *limits) {
    uint32_t w = info->width, h = info->height;
    if (w > limits->max_width || h > limits->max_height ||
        (uint64_t)w * (uint64_t)h > limits->max_pixels) {
        char msg[CPNG_ERRLEN];
        snprintf(msg, sizeof msg, "image is %u x %u px, over the limit of %u x %u px and %llu pixels",
                 w, h, limits->max_width, limits->max_height,
                 (unsigned long long)limits->max_pixels);
        fail(png, c, CPNG_ERROR_LIMIT, msg);
    }
}

int cpng_read_info(const uint8_t *data, size_t size, const cpng_limits *limits, int validate,
                   cpng_info *out, char err[CPNG_ERRLEN]) {
    if (!out || (validate && !limits)) {
        set_err(err, "missing argument");
        return CPNG_ERROR_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    int status = check_signature(data, size, err);
    if (status != CPNG_OK) {
        return status;
    }
    ctx *c = new_read_ctx(data, size, err);
    if (!c) {
        return CPNG_ERROR_MEMORY;
    }
    png_infop info = NULL;
    png_structp png = new_reader(c, &info);
    if (!png) {
        free_ctx(c);
        set_err(err, "out of memory");
        return CPNG_ERROR_MEMORY;
    }
    if (setjmp(c->jmp)) {
        png_destroy_read_struct(&png, &info, NULL);
        status = c->status;
        free_ctx(c);
        return status;
    }
    configure_reader(png, c);
    png_read_info(png, info);
    fill_info(png, info, out);
    if (validate) {
        check_limits(png, c, out, limits);
        /* libpng de-interlaces into a full-width row, so one row buffer serves every pass. */
        int passes = png_set_interlace_handling(png);
        png_read_update_info(png, info);
        c->row = malloc(png_get_rowbytes(png, info));
        if (!c->row) {
            fail(png, c, CPNG_ERROR_MEMORY, "out of memory");
        }
        for (int pass = 0; pass < passes; pass++) {
            for (uint32_t y = 0; y < out->height; y++) {
                png_read_row(png, c->row, NULL);
            }
        }
        png_read_end(png, NULL);
        if (c->excess_data) {
            fail(png, c, CPNG_ERROR_FORMAT, excess_message);
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    free_ctx(c);
    return CPNG_OK;
}

int cpng_decode_rgba8(const uint8_t *data, size_t size, const cpng_limits *limits,
                      cpng_info *out, uint8_t *pixels, size_t capacity, char err[CPNG_ERRLEN]) {
#if defined(__OPTIMIZE__)
    /* Only where this file is compiled optimised: a debug build compiles C at -O0, where the
       fast path's loops take two to three times libpng's (a release build of its own) time. */
    if (cpng_decode_rgba8_fast(data, size, limits, out, pixels, capacity, 0) == CPNG_OK) {
        return CPNG_OK;
    }
#endif
    return cpng_decode_rgba8_libpng(data, size, limits, out, pixels, capacity, err);
}

int cpng_decode_rgba8_libpng(const uint8_t *data, size_t size, const cpng_limits *limits,
                             cpng_info *out, uint8_t *pixels, size_t capacity, char err[CPNG_ERRLEN]) {
    if (!out || !pixels || !limits) {
        set_err(err, "missing argument");
        return CPNG_ERROR_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    int status = check_signature(data, size, err);
    if (status != CPNG_OK) {
        return status;
    }
    ctx *c = new_read_ctx(data, size, err);
    if (!c) {
        return CPNG_ERROR_MEMORY;
    }
    png_infop info = NULL;
    png_structp png = new_reader(c, &info);
    if (!png) {
        free_ctx(c);
        set_err(err, "out of memory");
        return CPNG_ERROR_MEMORY;
    }
    if (setjmp(c->jmp)) {
        png_destroy_read_struct(&png, &info, NULL);
        status = c->status;
        free_ctx(c);
        return status;
    }
    configure_reader(png, c);
    png_read_info(png, info);
    fill_info(png, info, out);
    check_limits(png, c, out, limits);

    uint32_t w = out->width, h = out->height;
    size_t row_bytes = (size_t)w * 4;
    if (capacity / row_bytes < h) {
        fail(png, c, CPNG_ERROR_ARGUMENT, "pixel buffer too small for the image");
    }

    png_set_expand(png);   /* palette -> RGB, gray < 8 bits -> 8 bits, tRNS -> alpha */
    png_set_scale_16(png); /* 16 -> 8 bits, rounded (not truncated) */
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != row_bytes) {
        png_error(png, "unexpected row size after expansion");
    }

    c->rows = malloc(sizeof(png_bytep) * h);
    if (!c->rows) {
        fail(png, c, CPNG_ERROR_MEMORY, "out of memory");
    }
    for (uint32_t y = 0; y < h; y++) {
        c->rows[y] = pixels + row_bytes * y;
    }
    png_read_image(png, c->rows);
    /* Reading through IEND catches a file cut after its image data or with a bad trailer. */
    png_read_end(png, NULL);
    if (c->excess_data) {
        fail(png, c, CPNG_ERROR_FORMAT, excess_message);
    }

    png_destroy_read_struct(&png, &info, NULL);
    free_ctx(c);
    return CPNG_OK;
}

void cpng_free(void *p) { free(p); }

const char *cpng_libpng_version(void) { return png_get_libpng_ver(NULL); }
