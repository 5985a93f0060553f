#include "cdarwin.h"

#include <time.h>

kern_return_t mach_timebase_info(mach_timebase_info_t info) {
    if (info) {
        info->numer = 1;
        info->denom = 1;
    }
    return KERN_SUCCESS;
}

uint64_t mach_absolute_time(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
