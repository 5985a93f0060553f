#include "ckernels.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int ckernels_keep_freed_memory(size_t keep, size_t direct) {
#if defined(__GLIBC__)
    /* glibc raises its thresholds as large blocks are freed (to 32 MiB and twice that), yet
       still returns the top of the heap to the kernel whenever more than that is free at once:
       a snapshot assertion frees two or three screen-sized buffers together, so each faulted
       its pages in again. Set explicitly, the thresholds stay put. */
    return mallopt(M_MMAP_THRESHOLD, (int)direct) && mallopt(M_TRIM_THRESHOLD, (int)keep);
#else
    (void)keep;
    (void)direct;
    return 0;
#endif
}

void ckernels_return_free_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
