// campcc -fcamp-check: a tree reduction with the barrier between its steps
// forgotten is a data race on tile_static memory (a thread reads a partial
// sum another thread of its tile wrote, or is writing, in the same step
// without a barrier between): reported with the variable and two threads
// (status CAMP_ERROR_DATA_RACE). The same reduction with the barrier, and
// the two-step loads before it, report nothing: test/e2e/tile_reduce.c
// runs checked in the `checked` suite.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>

#define TS 64

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_DATA_RACE ? "data-race" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    static int data[4 * TS], sums[4];
    for (int i = 0; i < 4 * TS; i++) data[i] = i;
    parallel_for_each(t, tile(extent(4 * TS), TS)) {
        tile_static int partial[TS];
        partial[t.local] = data[t.global];
        tile_barrier_wait(t.barrier);
        for (int stride = TS / 2; stride > 0; stride /= 2)
            if (t.local < stride) partial[t.local] += partial[t.local + stride]; /* no barrier */
        if (t.local == 0) sums[t.tile] = partial[0];
    }
    printf("sums[0] = %d\n", sums[0]);
    return 0;
}
// expect-abort: 29: kernel: data race on tile_static 'partial' (element
// expect-handled: handled data-race at line 29
