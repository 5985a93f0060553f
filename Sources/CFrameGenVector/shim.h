// librsvg and poppler's GLib interface draw into cairo image surfaces. poppler-glib's headers are
// found beside librsvg's (its package's flags give glib's and cairo's paths).
#include <librsvg/rsvg.h>
#include <poppler/glib/poppler.h>
#include <cairo.h>
