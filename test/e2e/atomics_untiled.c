// needs: shaderInt64
/* Atomics in a non-tiled kernel: a histogram and a running maximum over
 * views. The serial reference mode runs the same calls on the host (the
 * __atomic builtins), so this test is differential like the others. */
#include <camp.h>
#include <stdio.h>

enum { N = 5000, BINS = 10 };

int main(void) {
    static int values[N];
    for (int i = 0; i < N; i++) values[i] = (i * 7919) % 1000 - 300;
    int hist[BINS] = {0}, extremes[2] = {-100000, 100000};
    unsigned mask[1] = {0}, total[1] = {0};
    parallel_for_each(i, extent(N)) {
        int v = values[i];
        camp_atomic_fetch_inc(&hist[(v + 300) / 100]);
        camp_atomic_fetch_max(&extremes[0], v);
        camp_atomic_fetch_min(&extremes[1], v);
        camp_atomic_fetch_or(&mask[0], 1u << (i % 32));
        camp_atomic_fetch_add(&total[0], (unsigned)(v + 300));
    }
    for (int b = 0; b < BINS; b++) printf("bin %d: %d\n", b, hist[b]);
    printf("max %d min %d mask %x total %u\n", extremes[0], extremes[1], mask[0], total[0]);
    return 0;
}
