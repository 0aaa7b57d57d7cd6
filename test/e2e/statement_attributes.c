// needs: shaderInt64
// Statements with attributes in amp code: [[fallthrough]] and
// __attribute__((fallthrough)) between case labels, and loops after
// #pragma unroll, #pragma clang loop and _Pragma (campcc refused each as
// an unsupported construct; the loop hints are left to the device
// compiler).
#include <camp.h>
#include <stdio.h>

#define N 16

static int weighted(int n) restrict(amp) {
    int s = 0;
#pragma clang loop unroll(full)
    for (int k = 0; k < 4; k++) s += k * n;
    return s;
}

int main(void) {
    int out[N];
    int bad = 0;
    parallel_for_each(i, extent(N)) {
        int r = 0;
        switch ((int)i & 3) {
        case 0: r += 1; [[fallthrough]];
        case 1: r += 2; __attribute__((fallthrough));
        case 2: r += 4; break;
        default: r = 100;
        }
#pragma unroll 4
        for (int k = 0; k < 8; k++) r += k;
        _Pragma("unroll") for (int k = 0; k < 2; k++) r += 1000;
        out[i] = r + weighted((int)i);
    }
    for (int i = 0; i < N; i++) {
        int cases[4] = {7, 6, 4, 100};
        int want = cases[i & 3] + 28 + 2000 + 6 * i;
        if (out[i] != want) {
            printf("wrong at %d: %d, want %d\n", i, out[i], want);
            bad = 1;
        }
    }
    if (!bad) printf("ok\n");
    return bad;
}
