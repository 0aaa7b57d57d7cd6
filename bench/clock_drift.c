/* clock_drift — whether a program's kernels slow down when it uses the GPU
 * in short bursts: rounds of nine copy kernels over 64 Mi floats, each
 * waited for, with the host sleeping `gap_ms` between rounds, and at the
 * end three seconds of back-to-back kernels. One line per round (the
 * median copy's GB/s); run beside `nvidia-smi --query-gpu=clocks.sm
 * --format=csv -lms 250` to see the clock (docs/performance.md, "The
 * H200, the sort by subgroup ranks"; cuda/clock_drift.cu is its CUDA twin).
 * usage: clock_drift [GAP_MS [ROUNDS]] (default 300 and 24) */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

enum { N = 64 << 20, PER_ROUND = 9 };

static void copy(float *out, const float *in) { parallel_for_each(i, extent(N)) { out[i] = in[i]; } }

static double gb_per_s(double ms) { return 2.0 * N * sizeof(float) / ms / 1e6; }

int main(int argc, char **argv) {
    int gap_ms = argc > 1 ? atoi(argv[1]) : 300, rounds = argc > 2 ? atoi(argv[2]) : 24;
    float *in = array_new(float, N, NULL), *out = array_new(float, N, NULL);
    camp_accelerator_view *view = camp_default_view();
    for (int round = 0; round < rounds; round++) {
        double ms[PER_ROUND];
        for (int r = 0; r < PER_ROUND; r++) {
            double start = bench_now_ms();
            copy(out, in);
            camp_accelerator_view_wait(view);
            ms[r] = bench_now_ms() - start;
        }
        qsort(ms, PER_ROUND, sizeof *ms, bench_by_value);
        printf("gap %d ms, round %2d: copy kernel %.0f GB/s\n", gap_ms, round, gb_per_s(ms[PER_ROUND / 2]));
        fflush(stdout);
        usleep((useconds_t)gap_ms * 1000);
    }
    int launches = 0;
    for (double start = bench_now_ms(); bench_now_ms() - start < 3000; launches++) {
        copy(out, in);
        if (launches % 50 == 49) camp_accelerator_view_wait(view);
    }
    double start = bench_now_ms();
    for (int r = 0; r < PER_ROUND; r++) copy(out, in);
    camp_accelerator_view_wait(view);
    printf("after 3 s of back-to-back kernels (%d): copy kernel %.0f GB/s\n", launches,
           gb_per_s((bench_now_ms() - start) / PER_ROUND));
    array_delete(out);
    array_delete(in);
    return 0;
}
