#include "cpng.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Everything a decode or encode owns lives in one context so that the error path (a longjmp back
   into the function that called setjmp) can free it: no local variable modified after setjmp is
   read after the jump. */
typedef struct ctx {
    jmp_buf jmp;
    char *err;
    /* reading */
    const uint8_t *data;
    size_t size;
    size_t pos;
    /* writing */
    uint8_t *out;
    size_t out_size;
    size_t out_cap;
    int out_failed;
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
    (void)png;
    (void)msg; /* warnings (e.g. a discarded ancillary chunk) do not change the pixels */
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
   decode that Pillow or stb_image would accept. */
static const png_byte ignored_chunks[] = {'g', 'A', 'M', 'A', 0, 'c', 'H', 'R', 'M', 0,
                                          's', 'R', 'G', 'B', 0, 'i', 'C', 'C', 'P', 0};

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

static int check_signature(const uint8_t *data, size_t size, char *err) {
    if (!data || size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        set_err(err, size < 8 ? "file is too short to be a PNG" : "not a PNG file (bad signature)");
        return CPNG_ERROR_FORMAT;
    }
    return CPNG_OK;
}

static void configure_reader(png_structp png, ctx *c) {
    png_set_read_fn(png, c, read_fn);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks, 4);
    /* A bad CRC anywhere means the file is corrupt: refuse it rather than guess. */
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    /* Bound every ancillary chunk's allocation (text, profiles...) before trusting its length. */
    png_set_chunk_malloc_max(png, 8u * 1024u * 1024u);
}

static void fill_info(png_structp png, png_infop info, cpng_info *out) {
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->color_type = png_get_color_type(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    out->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
}

int cpng_read_info(const uint8_t *data, size_t size, cpng_info *out, char err[CPNG_ERRLEN]) {
    if (!out) {
        set_err(err, "no info struct");
        return CPNG_ERROR_ARGUMENT;
    }
    int status = check_signature(data, size, err);
    if (status != CPNG_OK) {
        return status;
    }
    ctx c;
    memset(&c, 0, sizeof c);
    c.err = err;
    c.data = data;
    c.size = size;
    png_infop info = NULL;
    png_structp png = new_reader(&c, &info);
    if (!png) {
        set_err(err, "out of memory");
        return CPNG_ERROR_MEMORY;
    }
    if (setjmp(c.jmp)) {
        png_destroy_read_struct(&png, &info, NULL);
        return CPNG_ERROR_FORMAT;
    }
    configure_reader(png, &c);
    /* The header sizes are only reported here; callers check them against their own limits. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    fill_info(png, info, out);
    png_destroy_read_struct(&png, &info, NULL);
    return CPNG_OK;
}

typedef struct decode_state {
    uint8_t *pixels;
    png_bytep *rows;
} decode_state;

int cpng_decode_rgba8(const uint8_t *data, size_t size, const cpng_limits *limits,
                      cpng_info *out, uint8_t **pixels, char err[CPNG_ERRLEN]) {
    if (!out || !pixels || !limits) {
        set_err(err, "missing argument");
        return CPNG_ERROR_ARGUMENT;
    }
    *pixels = NULL;
    int status = check_signature(data, size, err);
    if (status != CPNG_OK) {
        return status;
    }
    ctx c;
    memset(&c, 0, sizeof c);
    c.err = err;
    c.data = data;
    c.size = size;
    /* Heap-allocated so the error path sees the pointers as they were at the jump. */
    decode_state *st = calloc(1, sizeof *st);
    if (!st) {
        set_err(err, "out of memory");
        return CPNG_ERROR_MEMORY;
    }
    png_infop info = NULL;
    png_structp png = new_reader(&c, &info);
    if (!png) {
        free(st);
        set_err(err, "out of memory");
        return CPNG_ERROR_MEMORY;
    }
    if (setjmp(c.jmp)) {
        png_destroy_read_struct(&png, &info, NULL);
        free(st->rows);
        free(st->pixels);
        free(st);
        return CPNG_ERROR_FORMAT;
    }
    configure_reader(png, &c);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    fill_info(png, info, out);

    uint32_t w = out->width, h = out->height;
    if (w > limits->max_width || h > limits->max_height ||
        (uint64_t)w * (uint64_t)h > limits->max_pixels) {
        snprintf(err, CPNG_ERRLEN,
                 "image is %u x %u px, over the limit of %u x %u px and %llu pixels", w, h,
                 limits->max_width, limits->max_height, (unsigned long long)limits->max_pixels);
        png_destroy_read_struct(&png, &info, NULL);
        free(st);
        return CPNG_ERROR_LIMIT;
    }

    png_set_expand(png); /* palette -> RGB, gray < 8 bits -> 8 bits, tRNS -> alpha */
    png_set_scale_16(png); /* 16 -> 8 bits, rounded (not truncated) */
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) {
        png_error(png, "unexpected row size after expansion");
    }

    size_t row_bytes = (size_t)w * 4;
    st->pixels = malloc(row_bytes * h);
    st->rows = malloc(sizeof(png_bytep) * h);
    if (!st->pixels || !st->rows) {
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < h; y++) {
        st->rows[y] = st->pixels + row_bytes * y;
    }
    png_read_image(png, st->rows);
    /* Reading through IEND catches a file cut after its image data or with a bad trailer. */
    png_read_end(png, NULL);

    png_destroy_read_struct(&png, &info, NULL);
    *pixels = st->pixels;
    free(st->rows);
    free(st);
    return CPNG_OK;
}

static void write_fn(png_structp png, png_bytep data, png_size_t n) {
    ctx *c = (ctx *)png_get_io_ptr(png);
    if (n > c->out_cap - c->out_size) {
        size_t cap = c->out_cap ? c->out_cap : 4096;
        while (cap - c->out_size < n) {
            if (cap > SIZE_MAX / 2) {
                png_error(png, "output too large");
            }
            cap *= 2;
        }
        uint8_t *grown = realloc(c->out, cap);
        if (!grown) {
            png_error(png, "out of memory");
        }
        c->out = grown;
        c->out_cap = cap;
    }
    memcpy(c->out + c->out_size, data, n);
    c->out_size += n;
}

static void flush_fn(png_structp png) { (void)png; }

int cpng_encode(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int channels,
                int level, int filters, uint8_t **out, size_t *out_size, char err[CPNG_ERRLEN]) {
    if (!rows || !out || !out_size || width == 0 || height == 0 ||
        (channels != 3 && channels != 4) || stride < (size_t)width * channels || level < 0 ||
        level > 9) {
        set_err(err, "bad arguments to the PNG encoder");
        return CPNG_ERROR_ARGUMENT;
    }
    *out = NULL;
    *out_size = 0;
    /* The context is static-free and heap-allocated: its buffer pointer changes inside libpng
       callbacks, and the error path must see the latest value. */
    ctx *c = calloc(1, sizeof *c);
    if (!c) {
        set_err(err, "out of memory");
        return CPNG_ERROR_MEMORY;
    }
    c->err = err;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, c, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        free(c);
        set_err(err, "out of memory");
        return CPNG_ERROR_MEMORY;
    }
    if (setjmp(c->jmp)) {
        png_destroy_write_struct(&png, &info);
        free(c->out);
        free(c);
        return CPNG_ERROR_FORMAT;
    }
    png_set_write_fn(png, c, write_fn, flush_fn);
    png_set_compression_level(png, level);
    if (filters != 0) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, filters & PNG_ALL_FILTERS);
    }
    png_set_IHDR(png, info, width, height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, rows + stride * y);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = c->out;
    *out_size = c->out_size;
    free(c);
    return CPNG_OK;
}

void cpng_free(void *p) { free(p); }
