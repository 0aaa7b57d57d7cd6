/* gather.c — camp_gather_TYPE (out[i] = in[map[i]]) and camp_scatter_TYPE
 * (out[map[i]] = in[i]): one thread per element of the map; an index past
 * the end of the indexed memory is skipped, so nothing outside the
 * caller's arrays and views is read or written. Compiled once per element
 * type (element_type.h). */
#include "call_site.h"
#include "element_type.h"
#include "launch_shape.h"

/* The checks of both calls: in of in_n, map and out of their counts, out
 * apart from both. */
static bool arguments_ok(const algo_t *in, size_t in_n, const unsigned *map, size_t map_n, algo_t *out, size_t out_n,
                         const char *call, const char *file, unsigned line) {
    if (!algo_count_fits(in_n, call, file, line) || !algo_count_fits(map_n, call, file, line) ||
        !algo_count_fits(out_n, call, file, line))
        return false;
    if (map_n == 0) return false;
    if (!camp_memory_check_at(map, (long long)map_n, sizeof *map, false, "map", call, file, line) ||
        (in_n && !camp_memory_check_at(in, (long long)in_n, sizeof *in, false, "in", call, file, line)) ||
        (out_n && !camp_memory_check_at(out, (long long)out_n, sizeof *out, true, "out", call, file, line)))
        return false;
    if (algo_overlap(out, out_n * sizeof *out, in, in_n * sizeof *in) ||
        algo_overlap(out, out_n * sizeof *out, map, map_n * sizeof *map)) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: out overlaps in or map", call);
        return false;
    }
    return in_n && out_n;
}

/* Whether it queued the kernel. */
static bool gather(const algo_t *in, size_t in_n, const unsigned *map, algo_t *out, size_t n, const char *call,
                   const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (!arguments_ok(in, in_n, map, n, out, n, call, file, line)) return false;
    unsigned limit = (unsigned)in_n;
    parallel_for_each(i, extent((int)n)) {
        unsigned from = map[i];
        if (from < limit) out[i] = in[from];
    }
    return true;
}

static bool scatter(const algo_t *in, const unsigned *map, algo_t *out, size_t out_n, size_t n, const char *call,
                    const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (!arguments_ok(in, n, map, n, out, out_n, call, file, line)) return false;
    unsigned limit = (unsigned)out_n;
    parallel_for_each(i, extent((int)n)) {
        unsigned to = map[i];
        if (to < limit) out[to] = in[i];
    }
    return true;
}

void ALGO_NAME(camp_gather)(const algo_t *in, size_t in_n, const unsigned *map, algo_t *out, size_t n,
                            const char *file, unsigned line) {
    gather(in, in_n, map, out, n, ALGO_CALL(camp_gather), file, line);
}

void ALGO_NAME(camp_scatter)(const algo_t *in, const unsigned *map, algo_t *out, size_t out_n, size_t n,
                             const char *file, unsigned line) {
    scatter(in, map, out, out_n, n, ALGO_CALL(camp_scatter), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_gather)(const algo_t *in, size_t in_n, const unsigned *map, algo_t *out, size_t n,
                                          const char *file, unsigned line) {
    return algo_future(gather(in, in_n, map, out, n, ALGO_ASYNC_CALL(camp_gather), file, line));
}

camp_future *ALGO_ASYNC_NAME(camp_scatter)(const algo_t *in, const unsigned *map, algo_t *out, size_t out_n,
                                           size_t n, const char *file, unsigned line) {
    return algo_future(scatter(in, map, out, out_n, n, ALGO_ASYNC_CALL(camp_scatter), file, line));
}
