// needs: shaderInt64
/* Helpers defined in a header (corpus_helpers.h) called from kernels:
 * a static inline restrict(amp) helper, a restrict(cpu, amp) helper also
 * called by the host, a helper taking and returning a struct declared in
 * the header, and a helper that writes through a pointer into a view and
 * into a local array. */
#include <camp.h>
#include <stdio.h>
#include "corpus_helpers.h"
#include "corpus_print.h"

#define N 256
#define W 6

int main(void) {
    int tri[N], roots[N], spans[N], local_rev[N];
    int rows[N][W];
    for (int i = 0; i < N; i++)
        for (int k = 0; k < W; k++) rows[i][k] = i * 10 + k;

    parallel_for_each(i, extent(N)) {
        tri[i] = corpus_triangle(i) - corpus_triangle(i / 2);
    }
    parallel_for_each(i, extent(N)) {
        roots[i] = corpus_isqrt(i * 97) * 1000 + corpus_isqrt(i);
    }
    parallel_for_each(i, extent(N)) {
        corpus_span s = {i, i % 10};
        corpus_span t = corpus_shift(corpus_shift(s, 3), -i);
        spans[i] = t.start * 1000 + t.length;
    }
    parallel_for_each(i, extent(N)) {
        corpus_reverse(rows[i], 1 + i % W); /* a pointer into the view */
        int local[W] = {i, 1, 2, 3, 4, 5};
        corpus_reverse(local, W);           /* a pointer into a local array */
        local_rev[i] = local[0] * 100000 + local[W - 1] + local[2] * 10;
    }

    int host_roots = 0;
    for (int i = 0; i < N; i++) host_roots += roots[i] == corpus_isqrt(i * 97) * 1000 + corpus_isqrt(i);
    print_array("%d", tri, N);
    print_array("%d", roots, N);
    print_array("%d", spans, N);
    print_array2("%d", rows, N, W);
    print_array("%d", local_rev, N);
    printf("host agrees on %d roots\n", host_roots);
    return 0;
}
