// The vector libraries behind dlopen (cvector.h). The prototypes below are the libraries' own
// (librsvg 2.46+, poppler 0.82+, cairo, GLib), with their handle types as opaque pointers.
#include "cvector.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

typedef struct {
    double x, y, width, height;
} rsvg_rectangle;

enum { CAIRO_STATUS_SUCCESS = 0, CAIRO_FORMAT_ARGB32 = 0 };

static struct {
    int loaded[2];
    /* GLib */
    void (*g_error_free)(void *error);
    void (*g_object_unref)(void *object);
    void *(*g_bytes_new)(const void *data, size_t size);
    void (*g_bytes_unref)(void *bytes);
    /* cairo */
    void *(*cairo_image_surface_create)(int format, int width, int height);
    int (*cairo_surface_status)(void *surface);
    void (*cairo_surface_destroy)(void *surface);
    void (*cairo_surface_flush)(void *surface);
    unsigned char *(*cairo_image_surface_get_data)(void *surface);
    int (*cairo_image_surface_get_stride)(void *surface);
    void *(*cairo_create)(void *surface);
    void (*cairo_destroy)(void *cr);
    int (*cairo_status)(void *cr);
    void (*cairo_scale)(void *cr, double sx, double sy);
    /* librsvg */
    void *(*rsvg_handle_new_from_data)(const uint8_t *data, size_t length, void **error);
    int (*rsvg_handle_render_document)(void *handle, void *cr, const rsvg_rectangle *viewport, void **error);
    /* poppler */
    void *(*poppler_document_new_from_bytes)(void *bytes, const char *password, void **error);
    int (*poppler_document_get_n_pages)(void *document);
    void *(*poppler_document_get_page)(void *document, int index);
    void (*poppler_page_get_size)(void *page, double *width, double *height);
    void (*poppler_page_render)(void *page, void *cr);
} lib;

static const char *const library_names[2] = {"librsvg-2.so.2", "libpoppler-glib.so.8"};

const char *cvector_library(int kind) { return library_names[kind == CVECTOR_PDF]; }

// Each symbol from `handle`, which the library's own dependencies (cairo, GLib) are loaded with.
#define LOAD(handle, name) (ok &= (*(void **)&lib.name = dlsym(handle, #name)) != NULL)

static void load(void) {
    void *svg = dlopen(library_names[CVECTOR_SVG], RTLD_NOW | RTLD_LOCAL);
    void *pdf = dlopen(library_names[CVECTOR_PDF], RTLD_NOW | RTLD_LOCAL);
    void *base = svg ? svg : pdf;
    int ok = base != NULL;
    if (ok) {
        LOAD(base, g_error_free);
        LOAD(base, g_object_unref);
        LOAD(base, g_bytes_new);
        LOAD(base, g_bytes_unref);
        LOAD(base, cairo_image_surface_create);
        LOAD(base, cairo_surface_status);
        LOAD(base, cairo_surface_destroy);
        LOAD(base, cairo_surface_flush);
        LOAD(base, cairo_image_surface_get_data);
        LOAD(base, cairo_image_surface_get_stride);
        LOAD(base, cairo_create);
        LOAD(base, cairo_destroy);
        LOAD(base, cairo_status);
        LOAD(base, cairo_scale);
    }
    int common = ok;
    if (svg) {
        LOAD(svg, rsvg_handle_new_from_data);
        LOAD(svg, rsvg_handle_render_document);
        lib.loaded[CVECTOR_SVG] = ok;
    }
    ok = common;
    if (pdf) {
        LOAD(pdf, poppler_document_new_from_bytes);
        LOAD(pdf, poppler_document_get_n_pages);
        LOAD(pdf, poppler_document_get_page);
        LOAD(pdf, poppler_page_get_size);
        LOAD(pdf, poppler_page_render);
        lib.loaded[CVECTOR_PDF] = ok;
    }
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

// A transparent surface, or NULL.
static void *surface_of(int width, int height) {
    void *surface = lib.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (surface && lib.cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        lib.cairo_surface_destroy(surface);
        return NULL;
    }
    return surface;
}

// Cairo's ARGB32 is a native-endian premultiplied word: B, G, R, A in memory on x86-64 and ARM.
static void copy_out(void *surface, int width, int height, uint8_t *rgba) {
    lib.cairo_surface_flush(surface);
    const unsigned char *base = lib.cairo_image_surface_get_data(surface);
    size_t stride = (size_t)lib.cairo_image_surface_get_stride(surface);
    for (int y = 0; y < height; y++) {
        const unsigned char *row = base + (size_t)y * stride;
        uint8_t *out = rgba + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            uint32_t word;
            memcpy(&word, row + (size_t)x * 4, 4);
            out[x * 4] = (uint8_t)(word >> 16);
            out[x * 4 + 1] = (uint8_t)(word >> 8);
            out[x * 4 + 2] = (uint8_t)word;
            out[x * 4 + 3] = (uint8_t)(word >> 24);
        }
    }
}

// A transparent `width` x `height` surface that `paint` draws into (a zero return: it failed),
// copied out as RGBA; CVECTOR_OK or CVECTOR_FAILED.
static int draw_into(int width, int height, uint8_t *rgba, int (*paint)(void *cr, void *arg), void *arg) {
    void *surface = surface_of(width, height);
    if (!surface) return CVECTOR_FAILED;
    void *cr = lib.cairo_create(surface);
    int status = CVECTOR_FAILED;
    if (paint(cr, arg) && lib.cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
        copy_out(surface, width, height, rgba);
        status = CVECTOR_OK;
    }
    lib.cairo_destroy(cr);
    lib.cairo_surface_destroy(surface);
    return status;
}

struct svg_paint {
    void *handle;
    rsvg_rectangle viewport;
};

static int paint_svg(void *cr, void *arg) {
    struct svg_paint *p = arg;
    void *error = NULL;
    int drawn = lib.rsvg_handle_render_document(p->handle, cr, &p->viewport, &error);
    if (error) lib.g_error_free(error);
    return drawn;
}

static int draw_svg(const uint8_t *data, size_t length, int width, int height, uint8_t *rgba) {
    void *error = NULL;
    void *handle = lib.rsvg_handle_new_from_data(data, length, &error);
    if (error) lib.g_error_free(error);
    if (!handle) return CVECTOR_UNREADABLE;
    struct svg_paint p = {handle, {0, 0, width, height}};
    int status = draw_into(width, height, rgba, paint_svg, &p);
    lib.g_object_unref(handle);
    return status;
}

struct pdf_paint {
    void *page;
    double sx, sy;
};

static int paint_pdf(void *cr, void *arg) {
    struct pdf_paint *p = arg;
    lib.cairo_scale(cr, p->sx, p->sy);
    lib.poppler_page_render(p->page, cr);
    return 1;
}

static int draw_pdf(const uint8_t *data, size_t length, int width, int height, uint8_t *rgba) {
    void *bytes = lib.g_bytes_new(data, length);
    if (!bytes) return CVECTOR_FAILED;
    void *error = NULL;
    void *document = lib.poppler_document_new_from_bytes(bytes, NULL, &error);
    if (error) lib.g_error_free(error);
    lib.g_bytes_unref(bytes); // the document holds its own reference
    if (!document) return CVECTOR_UNREADABLE;
    int status = CVECTOR_UNREADABLE;
    void *page = lib.poppler_document_get_n_pages(document) > 0 ? lib.poppler_document_get_page(document, 0) : NULL;
    if (page) {
        double page_width = 0, page_height = 0;
        lib.poppler_page_get_size(page, &page_width, &page_height);
        // Written so that NaN (which fails every comparison) and infinity are refused too.
        if (page_width > 0 && page_height > 0 && page_width < 1e9 && page_height < 1e9) {
            struct pdf_paint p = {page, width / page_width, height / page_height};
            status = draw_into(width, height, rgba, paint_pdf, &p);
        }
        lib.g_object_unref(page);
    }
    lib.g_object_unref(document);
    return status;
}

int cvector_draw(int kind, const uint8_t *data, size_t length, int width, int height, uint8_t *rgba) {
    if ((kind != CVECTOR_SVG && kind != CVECTOR_PDF) || !data || length == 0 || width <= 0 || height <= 0 ||
        !rgba)
        return CVECTOR_FAILED;
    pthread_once(&once, load);
    if (!lib.loaded[kind]) return CVECTOR_NO_LIBRARY;
    return kind == CVECTOR_SVG ? draw_svg(data, length, width, height, rgba)
                               : draw_pdf(data, length, width, height, rgba);
}
