/* histogram.c — camp_histogram_TYPE: counts of n elements in bin_count
 * uniform bins over [lower, upper). Up to HISTOGRAM_TILE_BINS bins, each
 * tile counts its share of the input (threads striding over it, eight
 * elements loaded at a time) with
 * atomics in tile_static memory, then adds its nonzero counts to the
 * caller's bins with atomics; more bins are counted with atomics on the
 * caller's bins directly. Compiled once per element type (float, int,
 * unsigned: element_type.h). */
#include <camp_algorithms.h>

#include "call_site.h"
#include "element_type.h"
#include "launch_shape.h"

/* Bins a tile counts in tile_static memory (8 KiB). */
enum { HISTOGRAM_TILE_BINS = 2048 };

#ifdef ALGO_FLOAT
/* What bin_of scales by: bins per unit. */
typedef float algo_scale;
static algo_scale bin_scale(float lower, float upper, int bins) { return (float)bins / (upper - lower); }

/* x's bin, or -1 outside [lower, upper) (NaN included). */
static int bin_of(float x, float lower, float upper, algo_scale scale, int bins) restrict(amp) {
    if (!(x >= lower && x < upper)) return -1;
    int b = (int)((x - lower) * scale);
    return b < bins ? b : bins - 1;
}

static bool range_ok(float lower, float upper) { return lower < upper && upper - lower <= 3.4e38f; }
#define ALGO_RANGE_FORMAT "%g"
#define ALGO_RANGE_VALUE(x) ((double)(x))
#else
/* Integers: the width of the range, exactly (up to 2^32). */
typedef unsigned long long algo_scale;
static algo_scale bin_scale(algo_t lower, algo_t upper, int bins) {
    (void)bins;
    return (unsigned long long)((long long)upper - (long long)lower);
}

/* x's bin, (x - lower) * bins / (upper - lower) rounded down, in 64-bit
 * integers (exact: below 2^32 * 2^31); or -1 outside [lower, upper). */
static int bin_of(algo_t x, algo_t lower, algo_t upper, algo_scale width, int bins) restrict(amp) {
    if (x < lower || x >= upper) return -1;
    unsigned long long offset = (unsigned long long)((long long)x - (long long)lower);
    return (int)(offset * (unsigned long long)bins / width);
}

static bool range_ok(algo_t lower, algo_t upper) { return lower < upper; }
#define ALGO_RANGE_FORMAT "%lld"
#define ALGO_RANGE_VALUE(x) ((long long)(x))
#endif

/* Elements a thread loads at once. */
enum { HISTOGRAM_ITEMS = 8 };

/* Counts the bins of data[i], data[i + stride], ... (HISTOGRAM_ITEMS of
 * them, those below n) into `counts`, the elements loaded together first:
 * loaded before each atomic, each load waited for the one before (as the
 * sort's digit count did). (A function of its own, so that its loops hold
 * no loop: campcc unrolls them, which keeps the elements in registers.) */
static void count_items(const algo_t *data, int i, int stride, int n, algo_t lower, algo_t upper, algo_scale scale,
                        int bin_count, unsigned *counts) restrict(amp) {
    algo_t v[HISTOGRAM_ITEMS];
    for (int k = 0; k < HISTOGRAM_ITEMS; k++) v[k] = i + k * stride < n ? data[i + k * stride] : lower;
    for (int k = 0; k < HISTOGRAM_ITEMS; k++) {
        int b = i + k * stride < n ? bin_of(v[k], lower, upper, scale, bin_count) : -1;
        if (b >= 0) camp_atomic_fetch_inc(&counts[b]);
    }
}

static bool histogram(const algo_t *data, size_t count, unsigned *bins, int bin_count, algo_t lower, algo_t upper,
                      const char *call, const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (bin_count < 1 || !range_ok(lower, upper)) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line,
                             "%s: %d bins over [" ALGO_RANGE_FORMAT ", " ALGO_RANGE_FORMAT
                             "): want at least one bin over a finite, nonempty range",
                             call, bin_count, ALGO_RANGE_VALUE(lower), ALGO_RANGE_VALUE(upper));
        return false;
    }
    if (!algo_count_fits(count, call, file, line) ||
        !camp_memory_check_at(bins, bin_count, sizeof *bins, true, "bins", call, file, line) ||
        (count && !camp_memory_check_at(data, (long long)count, sizeof *data, false, "data", call, file, line)))
        return false;
    if (algo_overlap(bins, (size_t)bin_count * sizeof *bins, data, count * sizeof *data)) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: bins overlap data", call);
        return false;
    }
    camp_fill_uint_at(bins, (size_t)bin_count, 0u, file, line);
    if (count == 0) return true;
    int n = (int)count, tiles = algo_tiles(count, ALGO_TILE * 16), stride = tiles * ALGO_TILE;
    algo_scale scale = bin_scale(lower, upper, bin_count);
    if (bin_count <= HISTOGRAM_TILE_BINS) {
        parallel_for_each(t, tile(extent(tiles * ALGO_TILE), ALGO_TILE)) {
            tile_static unsigned counts[HISTOGRAM_TILE_BINS];
            for (int b = t.local; b < bin_count; b += ALGO_TILE) counts[b] = 0;
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int i = t.global; i < n; i += HISTOGRAM_ITEMS * stride)
                count_items(data, i, stride, n, lower, upper, scale, bin_count, counts);
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int b = t.local; b < bin_count; b += ALGO_TILE)
                if (counts[b]) camp_atomic_fetch_add(&bins[b], counts[b]);
        }
    } else {
        parallel_for_each(i, extent(n)) {
            int b = bin_of(data[i], lower, upper, scale, bin_count);
            if (b >= 0) camp_atomic_fetch_inc(&bins[b]);
        }
    }
    return true;
}

void ALGO_NAME(camp_histogram)(const algo_t *data, size_t n, unsigned *bins, int bin_count, algo_t lower,
                               algo_t upper, const char *file, unsigned line) {
    histogram(data, n, bins, bin_count, lower, upper, ALGO_CALL(camp_histogram), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_histogram)(const algo_t *data, size_t n, unsigned *bins, int bin_count,
                                             algo_t lower, algo_t upper, const char *file, unsigned line) {
    return algo_future(histogram(data, n, bins, bin_count, lower, upper, ALGO_ASYNC_CALL(camp_histogram), file, line));
}
