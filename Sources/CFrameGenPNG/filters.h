#ifndef CPNG_FILTERS_H
#define CPNG_FILTERS_H

#include <stdlib.h>

/* PNG's Paeth predictor of a byte from its left (a), upper (b) and upper-left (c) neighbours: the
   one nearest a + b - c, ties to a, then b. The encoder's filter and the decoder's fast path both
   use it. */
static inline __attribute__((always_inline)) int paeth(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

#endif
