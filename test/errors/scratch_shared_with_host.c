// A scratch array at the top of the function that every thread writes
// and reads back at the same elements, but that the host also reads, stays
// one array the threads race on (data-model.md): a warning says so and
// what to write. One that only thread 0 writes (`if (j == 0)`), a sum the
// host reads, is no race and gets none.
#include <camp.h>
#include <stdio.h>

int main(void) {
    static double x[64], y[64];
    double w[4], total[1];
    int k;
    parallel_for_each(j, extent(64)) {
        for (k = 0; k < 4; k++) w[k] = x[j] * k;
        y[j] = w[0] + w[3];
    }
    printf("%g\n", w[1]);
    parallel_for_each(j, extent(64)) {
        if (j == 0) {
            total[0] = 0;
            for (k = 0; k < 64; k++) total[0] += x[k];
        }
    }
    printf("%g\n", total[0]);
    return 0;
}
// expect-warning: 14:33: every thread writes 'w' and reads it back at the same elements, as scratch, but the host uses it in this function too, so it stays one array the threads share and race on: declare it inside the kernel to give each thread its own
// expect-note: 11:12: 'w' declared here
