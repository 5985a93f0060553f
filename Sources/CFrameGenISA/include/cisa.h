#ifndef CISA_H
#define CISA_H

/* The instruction-set ceiling: the one place where framegen's own C code (CFrameGenPNG, CFrameGenKernels) asks
   which of its vector paths to take. A path runs when this CPU has its instructions and the
   process's ceiling allows them: the ceiling is FRAMEGEN_ISA's (read once, when the process
   first asks) or what cisa_set_ceiling last set (`framegen bench --isa`, tests). Every level
   writes the same bytes (tests compare them), so the ceiling changes speed only, and one
   machine can time every path below its best. The C libraries framegen links (libdeflate,
   libjpeg-turbo, libpng, zlib) choose their own paths and do not ask. */

/* The levels, lowest first, named after the paths that exist. */
enum {
    /* No hand-written vector code: the portable C and Swift loops, as the compiler builds them
       for the x86-64 baseline (which has SSE2: the PNG filters' generic vectors use it). */
    CISA_PORTABLE = 0,
    /* The SSE2 loops: the PNG decoder's RGBA unfilter, `fast` deflate's run finder. */
    CISA_SSE2 = 1,
    /* AVX2 and BMI2 (every CPU with AVX2 has both): the PNG filters, Paeth on RGBA rows to RGB,
       `fastest`'s zero and literal blocks, FrameGenRaster's rows (CFrameGenKernels). */
    CISA_AVX2 = 2,
    /* AVX-512 F, BW, VL and VBMI: `fastest`'s literal blocks and Paeth on RGBA rows to RGB in
       64-byte registers. A CPU with AVX-512 but not VBMI is at CISA_AVX2. */
    CISA_AVX512 = 3,
};

/* The number of levels. */
#define CISA_LEVELS 4

/* The best level this CPU has (and its OS saves the registers of). */
int cisa_cpu(void);

/* The ceiling, a level, or -1 for none. FRAMEGEN_ISA's on first use: unset or empty is none; a
   value cisa_parse does not know is none too, after one warning line on stderr (failing every
   render on a typo would be worse). */
int cisa_ceiling(void);

/* Sets the ceiling (-1: none) for the whole process; FRAMEGEN_ISA is not read after it. Paths
   already running finish as they began. */
void cisa_set_ceiling(int level);

/* What the paths use: the CPU's best level at or below the ceiling. */
int cisa_level(void);

/* Whether the paths of `level` may run: the CPU has them and the ceiling allows them. */
static inline int cisa_allows(int level) { return cisa_level() >= level; }

/* A level by its name ("portable", "sse2", "avx2", "avx512"; any case), or -1. */
int cisa_parse(const char *name);

/* A level's name; NULL for a number that is no level. */
const char *cisa_name(int level);

#endif
