// needs: shaderInt64 shaderFloat64
/* A global struct passed by address to a helper: its address is the
 * host's object, shared with the kernel as a view. */
#include <camp.h>
#include <stdio.h>

#define N 8
struct bank {
    double gain[N], offset[N];
};
static struct bank bank;

static double apply(const struct bank *b, int i, double x) restrict(amp) { return x * b->gain[i] + b->offset[i]; }

int main(void) {
    double out[N];
    for (int i = 0; i < N; i++) bank.gain[i] = i, bank.offset[i] = 1;
    parallel_for_each(i, extent(N)) { out[i] = apply(&bank, i, 1.0); }
    printf("%g %g\n", out[5], out[N - 1]);
    return 0;
}
