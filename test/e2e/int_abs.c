// needs: shaderInt64
/* <stdlib.h>'s abs, labs and llabs in kernels and in an amp helper (C++
 * AMP allows abs in amp code); the same file in the serial reference mode
 * gives the oracle. */
#include <camp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static int dist(int a, int b) restrict(amp) { return abs(a - b); }

/* Never called: amp functions are checked whether called or not, and abs is allowed. */
static int magnitude(int a) restrict(amp) { return abs(a); }

int main(void) {
    int v[8] = {-5, 3, 0, INT_MIN + 3, 7, -1, INT_MAX, -100000};
    long w[8];
    long long z[8];
    parallel_for_each(i, extent(8)) {
        w[i] = labs((long)v[i] * 3);
        z[i] = llabs(-(long long)v[i] * (long long)v[i]);
        v[i] = i == 6 ? abs(v[i]) : dist(v[i], 2);
    }
    for (int i = 0; i < 8; i++) printf("%d %ld %lld\n", v[i], w[i], z[i]);
    (void)magnitude;
    return 0;
}
