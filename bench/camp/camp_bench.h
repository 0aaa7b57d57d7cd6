/* camp_bench.h — what the C AMP benchmarks share beyond bench.h: the size
 * check against the default accelerator and the wait that ends a
 * repetition. Kernels run on the default view; data lives in arrays
 * (array_new), so nothing is copied between repetitions. */
#ifndef CAMP_BENCH_H
#define CAMP_BENCH_H
#include <camp.h>
#include <limits.h>
#include <unistd.h>

#include "../bench.h"

/* Refuses a problem of `bytes` of device memory that does not fit the
 * default accelerator (its dedicated memory, or the host's where it has
 * none), or whose largest extent, `elements`, does not fit an int (extents
 * are int). */
static inline void camp_bench_require(const bench_options *o, double bytes, long long elements) {
    if (elements > INT_MAX) bench_refuse(o, "an extent holds at most INT_MAX elements");
    camp_accelerator acc = camp_get_default_accelerator();
    double available = (double)acc.dedicated_memory * 1024.0;
    if (available == 0) available = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    bench_require_memory(o, bytes, available, acc.description);
}

/* The end of a repetition: every kernel launched so far has run. */
static inline void camp_bench_wait(void) { camp_accelerator_view_wait(camp_default_view()); }
#endif
