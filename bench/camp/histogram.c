/* histogram — 256 bins of 64 Mi bytes, read as words: tile_static bins
 * counted with atomics, then added to the global bins with one atomic per
 * bin and tile (problems/histogram.h). */
#include <camp.h>

#include "../problems/histogram.h"
#include "camp_bench.h"

#define TS HISTOGRAM_TILE
#define WORDS HISTOGRAM_WORDS

typedef struct histogram_data {
    int n, runs;
    unsigned *words, *bins;
} histogram_data;

static void repetition(void *context) {
    histogram_data *d = context;
    int tiles = d->n / HISTOGRAM_CHUNK;
    const unsigned *words = d->words;
    unsigned *bins = d->bins;
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(t, tile(extent(tiles * TS), TS)) {
            tile_static unsigned local_bins[HISTOGRAM_BINS];
            local_bins[t.local] = 0; /* TS == HISTOGRAM_BINS: one bin per thread */
            tile_barrier_wait(t.barrier);
            const unsigned *chunk = words + t.tile * (TS * WORDS);
            for (int k = 0; k < WORDS; k++) {
                unsigned w = chunk[k * TS + t.local];
                camp_atomic_fetch_add(&local_bins[w & 255u], 1u);
                camp_atomic_fetch_add(&local_bins[(w >> 8) & 255u], 1u);
                camp_atomic_fetch_add(&local_bins[(w >> 16) & 255u], 1u);
                camp_atomic_fetch_add(&local_bins[w >> 24], 1u);
            }
            tile_barrier_wait(t.barrier);
            unsigned count = local_bins[t.local];
            if (count) camp_atomic_fetch_add(&bins[t.local], count);
        }
    }
    camp_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "histogram", HISTOGRAM_SIZE, HISTOGRAM_QUICK, HISTOGRAM_RUNS);
    histogram_validate(&o);
    camp_bench_require(&o, (double)o.size, o.size);
    size_t n = (size_t)o.size;
    unsigned char *bytes = bench_alloc(&o, n);
    unsigned bins[HISTOGRAM_BINS] = {0};
    histogram_init(bytes, o.size);
    histogram_data d = {(int)n, o.runs, array_new(unsigned, n / 4, bytes), array_new(unsigned, HISTOGRAM_BINS, bins)};
    double ms = bench_measure(&o, repetition, &d);
    array_copy_out(bins, d.bins, HISTOGRAM_BINS);
    histogram_check(&o, "campcc", bytes, bins);
    histogram_report(&o, "campcc", ms);
    array_delete(d.words);
    array_delete(d.bins);
    free(bytes);
    return 0;
}
