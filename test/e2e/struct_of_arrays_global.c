// needs: shaderInt64 shaderFloat64
/* A file-scope struct of arrays (the "SoA" layout), larger than a
 * launch's arguments: kernels share it with the host as a view, as they
 * do a file-scope array, read it and write its members in place. */
#include <camp.h>
#include <stdio.h>

#define N 64
struct bank {
    double gain[N], offset[N], scale[N];
};
static struct bank bank;

int main(void) {
    double out[N];
    for (int i = 0; i < N; i++) {
        bank.gain[i] = i, bank.offset[i] = 1, bank.scale[i] = 2;
    }
    parallel_for_each(i, extent(N)) { out[i] = bank.gain[i] + bank.offset[i]; }
    parallel_for_each(i, extent(N)) { bank.scale[i] = bank.scale[i] * bank.gain[i]; }
    printf("%g %g %g\n", out[5], bank.scale[7], bank.scale[N - 1]);
    return 0;
}
