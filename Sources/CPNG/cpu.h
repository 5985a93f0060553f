#ifndef CPNG_CPU_H
#define CPNG_CPU_H

/* Which vector paths this CPU runs (chosen at run time: the default build runs on any x86-64,
   and every path writes the same bytes as the portable one). */
#if defined(__x86_64__)
static inline int cpng_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/* The byte permutes (VBMI) and mask registers of `fastest` and of the RGBA-to-RGB Paeth filter. */
static inline int cpng_has_avx512vbmi(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi");
}
#endif

#endif
