// needs: shaderInt64
/* Blocks, shadowing and early exits in kernels: inner blocks whose locals
 * shadow outer ones (and a captured variable, and the index), a loop
 * variable shadowing a local, `continue;` directly in the kernel body
 * ending that thread (its elements keep their old values), and helpers with
 * several return statements, early returns from loops and void returns. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 400

static int first_divisor(int n) restrict(amp) {
    if (n < 2) return 0;
    for (int d = 2; d * d <= n; d++)
        if (n % d == 0) return d; /* early return from a loop */
    return n;
}

static void store_clamped(int *out, int v, int lo, int hi) restrict(amp) {
    if (v < lo) {
        *out = lo;
        return;
    }
    if (v > hi) {
        *out = hi;
        return;
    }
    *out = v;
}

int main(void) {
    int shadow[N], kept[N], kept2[N], divisors[N], clamped[N];
    int x = 1000; /* captured, then shadowed inside the kernel */
    for (int i = 0; i < N; i++) {
        kept[i] = -i;
        kept2[i] = i * 3;
    }

    /* Shadowing in nested blocks. */
    parallel_for_each(i, extent(N)) {
        int r = x; /* the captured x */
        {
            int x = i * 2;
            r += x;
            {
                int x = 7;
                r += x * 100;
            }
            r += x; /* i * 2 again */
        }
        int k = 5;
        for (int k = 0; k < 3; k++) r += k; /* the loop's own k */
        {
            int i = 9; /* shadows the index */
            r += i * 10000;
        }
        shadow[i] = r + k + x;
    }
    /* continue in the kernel body ends the thread: the rest is skipped. */
    parallel_for_each(i, extent(N)) {
        if (i % 3 == 0) continue;
        kept[i] = i * 10;
        if (i % 5 == 0) continue;
        kept2[i] = i * 100;
    }
    /* Helpers with several returns. */
    parallel_for_each(i, extent(N)) {
        divisors[i] = first_divisor(i);
        store_clamped(&clamped[i], (i * 37) % 200 - 100, -50, 60);
    }

    print_array("%d", shadow, N);
    print_array("%d", kept, N);
    print_array("%d", kept2, N);
    print_array("%d", divisors, N);
    print_array("%d", clamped, N);
    return 0;
}
