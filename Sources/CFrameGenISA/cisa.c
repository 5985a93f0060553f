#include "cisa.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

static const char *const names[CISA_LEVELS] = {"portable", "sse2", "avx2", "avx512"};

/* The ceiling: UNREAD until FRAMEGEN_ISA was read or a ceiling set, then -1 (none) or a level.
   Read with every choice of a path: one relaxed load where it is set. */
#define UNREAD (-2)
static atomic_int ceiling = UNREAD;
static atomic_int cpu = -1;
static pthread_once_t environment_once = PTHREAD_ONCE_INIT;

int cisa_parse(const char *name) {
    for (int level = 0; name && level < CISA_LEVELS; level++) {
        if (strcasecmp(name, names[level]) == 0) {
            return level;
        }
    }
    return -1;
}

const char *cisa_name(int level) { return level >= 0 && level < CISA_LEVELS ? names[level] : NULL; }

int cisa_cpu(void) {
    int level = atomic_load_explicit(&cpu, memory_order_relaxed);
    if (level >= 0) {
        return level;
    }
    /* Computed again by a thread that meets it unset: the same answer, stored the same. */
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi")) {
        level = CISA_AVX512;
    } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")) {
        level = CISA_AVX2;
    } else {
        level = CISA_SSE2; /* every x86-64 */
    }
#else
    level = CISA_PORTABLE;
#endif
    atomic_store_explicit(&cpu, level, memory_order_relaxed);
    return level;
}

/* FRAMEGEN_ISA, once a process (so that its warning is printed once), unless a ceiling was set
   before anything asked. */
static void read_environment(void) {
    const char *value = getenv("FRAMEGEN_ISA");
    int level = -1;
    if (value && *value) {
        level = cisa_parse(value);
        if (level < 0) {
            fprintf(stderr,
                    "framegen: warning: FRAMEGEN_ISA=%s is none of portable, sse2, avx2, avx512; using this "
                    "CPU's best, %s\n",
                    value, names[cisa_cpu()]);
        }
    }
    int unread = UNREAD;
    atomic_compare_exchange_strong(&ceiling, &unread, level);
}

int cisa_ceiling(void) {
    int level = atomic_load_explicit(&ceiling, memory_order_relaxed);
    if (level == UNREAD) {
        pthread_once(&environment_once, read_environment);
        level = atomic_load(&ceiling);
    }
    return level;
}

void cisa_set_ceiling(int level) {
    atomic_store(&ceiling, level >= 0 && level < CISA_LEVELS ? level : -1);
}

int cisa_level(void) {
    const int top = cisa_ceiling(), best = cisa_cpu();
    return top >= 0 && top < best ? top : best;
}
