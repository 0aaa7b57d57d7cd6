/* fill.c — camp_fill_TYPE (every element one value) and
 * camp_sequence_TYPE (start, start + step, start + 2 step, ...): one
 * untiled kernel each, a thread per element. Compiled once per element
 * type (element_type.h). */
#include "call_site.h"
#include "element_type.h"
#include "launch_shape.h"

/* start + i * step with the product and the sum rounded each on its own,
 * as a host's loop computes it: a device's fused multiply-add (NVIDIA's)
 * gave other floats. */
#pragma STDC FP_CONTRACT OFF

static bool writable(algo_t *data, size_t n, const char *call, const char *file, unsigned line) {
    return n && algo_count_fits(n, call, file, line) &&
           camp_memory_check_at(data, (long long)n, sizeof *data, true, "data", call, file, line);
}

/* Whether it queued the kernel. */
static bool fill(algo_t *data, size_t n, algo_t value, const char *call, const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (!writable(data, n, call, file, line)) return false;
    parallel_for_each(i, extent((int)n)) { data[i] = value; }
    return true;
}

static bool sequence(algo_t *data, size_t n, algo_t start, algo_t step, const char *call, const char *file,
                     unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (!writable(data, n, call, file, line)) return false;
    parallel_for_each(i, extent((int)n)) { data[i] = start + (algo_t)i * step; }
    return true;
}

void ALGO_NAME(camp_fill)(algo_t *data, size_t n, algo_t value, const char *file, unsigned line) {
    fill(data, n, value, ALGO_CALL(camp_fill), file, line);
}

void ALGO_NAME(camp_sequence)(algo_t *data, size_t n, algo_t start, algo_t step, const char *file, unsigned line) {
    sequence(data, n, start, step, ALGO_CALL(camp_sequence), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_fill)(algo_t *data, size_t n, algo_t value, const char *file, unsigned line) {
    return algo_future(fill(data, n, value, ALGO_ASYNC_CALL(camp_fill), file, line));
}

camp_future *ALGO_ASYNC_NAME(camp_sequence)(algo_t *data, size_t n, algo_t start, algo_t step, const char *file,
                                            unsigned line) {
    return algo_future(sequence(data, n, start, step, ALGO_ASYNC_CALL(camp_sequence), file, line));
}
