/* histogram.c — camp_histogram_float: counts of n floats in bin_count
 * uniform bins over [lower, upper). Up to HISTOGRAM_TILE_BINS bins, each
 * tile counts its share of the input (threads striding over it) with
 * atomics in tile_static memory, then adds its nonzero counts to the
 * caller's bins with atomics; more bins are counted with atomics on the
 * caller's bins directly. Compiled with -DALGO_FLOAT. */
#include <camp_algorithms.h>

#include "element_type.h"
#include "launch_shape.h"

/* Bins a tile counts in tile_static memory (8 KiB). */
enum { HISTOGRAM_TILE_BINS = 2048 };

/* x's bin, or -1 outside [lower, upper) (NaN included). */
static int bin_of(float x, float lower, float upper, float scale, int bins) restrict(amp) {
    if (!(x >= lower && x < upper)) return -1;
    int b = (int)((x - lower) * scale);
    return b < bins ? b : bins - 1;
}

static bool histogram(const float *data, size_t count, unsigned *bins, int bin_count, float lower, float upper,
                      const char *call, const char *file, unsigned line) {
    if (bin_count < 1 || !(lower < upper) || upper - lower > 3.4e38f) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line,
                             "%s: %d bins over [%g, %g): want at least one bin over a finite, nonempty range", call,
                             bin_count, (double)lower, (double)upper);
        return false;
    }
    if (!algo_count_fits(count, call, file, line) ||
        !camp_memory_check_at(bins, bin_count, sizeof *bins, true, "bins", call, file, line) ||
        (count && !camp_memory_check_at(data, (long long)count, sizeof *data, false, "data", call, file, line)))
        return false;
    camp_fill_uint_at(bins, (size_t)bin_count, 0u, file, line);
    if (count == 0) return true;
    int n = (int)count, tiles = algo_tiles(count, ALGO_TILE * 16), stride = tiles * ALGO_TILE;
    float scale = (float)bin_count / (upper - lower);
    if (bin_count <= HISTOGRAM_TILE_BINS) {
        parallel_for_each(t, tile(extent(tiles * ALGO_TILE), ALGO_TILE)) {
            tile_static unsigned counts[HISTOGRAM_TILE_BINS];
            for (int b = t.local; b < bin_count; b += ALGO_TILE) counts[b] = 0;
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            for (int i = t.global; i < n; i += stride) {
                int b = bin_of(data[i], lower, upper, scale, bin_count);
                if (b >= 0) camp_atomic_fetch_inc(&counts[b]);
            }
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

void camp_histogram_float_at(const float *data, size_t n, unsigned *bins, int bin_count, float lower, float upper,
                             const char *file, unsigned line) {
    histogram(data, n, bins, bin_count, lower, upper, "camp_histogram_float", file, line);
}

camp_future *camp_histogram_float_async_at(const float *data, size_t n, unsigned *bins, int bin_count, float lower,
                                           float upper, const char *file, unsigned line) {
    return algo_future(histogram(data, n, bins, bin_count, lower, upper, "camp_histogram_float_async", file, line));
}
