#ifndef CVECTOR_H
#define CVECTOR_H

#include <stddef.h>
#include <stdint.h>

/* SVG (librsvg) and PDF (poppler's GLib interface) drawn into cairo image surfaces, for the
   vector images of an app's asset catalogs (docs/decisions.md, "Vector images"). The libraries
   are loaded by dlopen the first time an image asks for them, not linked: a build needs none of
   their headers or pkg-config flags, and a program that never draws a vector image never loads
   them (nor poppler's GPL code). Any call may run on any thread. */

#define CVECTOR_OK 0
#define CVECTOR_NO_LIBRARY 1 /* the library is not installed: cvector_library names it */
#define CVECTOR_UNREADABLE 2 /* the library cannot read the document */
#define CVECTOR_FAILED 3     /* a size out of bounds, no memory, or drawing failed */

#define CVECTOR_SVG 0
#define CVECTOR_PDF 1

/* The shared library a kind (CVECTOR_SVG or CVECTOR_PDF) needs, by its file name. */
const char *cvector_library(int kind);

/* `data` (`length` bytes), a document of `kind`, drawn to fill `width` x `height` pixels (an
   SVG's view box scaled to them; a PDF's first page scaled to them) into `rgba`, which holds
   width * height * 4 bytes: premultiplied RGBA, transparent where nothing is drawn. */
int cvector_draw(int kind, const uint8_t *data, size_t length, int width, int height, uint8_t *rgba);

#endif
