#ifndef CDARWIN_H
#define CDARWIN_H

#include <stdint.h>

/* Darwin's Mach clock, which an app's code (a test helper's timeout) calls and Linux has not:
   declared in C, as Darwin declares it, because the struct and the function share a name, which
   Swift allows only for what it imports from C. The clock is CLOCK_MONOTONIC in nanoseconds, so
   the timebase is 1/1 (docs/uikit.md, "Core Foundation and Darwin calls"). */

typedef int kern_return_t;
#define KERN_SUCCESS 0

struct mach_timebase_info {
    uint32_t numer;
    uint32_t denom;
};
typedef struct mach_timebase_info mach_timebase_info_data_t;
typedef struct mach_timebase_info *mach_timebase_info_t;

/* Fills `info` with 1/1 (ticks are nanoseconds); KERN_SUCCESS. */
kern_return_t mach_timebase_info(mach_timebase_info_t info);

/* Nanoseconds of CLOCK_MONOTONIC. */
uint64_t mach_absolute_time(void);

#endif
