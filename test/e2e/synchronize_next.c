// needs: shaderInt64
/* A kernel followed at once by array_view_synchronize of a view it writes,
 * or by a statement that reads or writes the view's elements (campcc marks
 * the launch, which synchronizes the view itself: docs/data-model.md):
 * results right after; another view the kernel wrote, and
 * one it wrote through a second pointer into the synchronized view, still
 * synchronized implicitly at the host's first access; host writes after
 * the synchronize seen by the next kernel. The serial reference mode
 * prints the same. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 16 }; /* 256 KiB of floats: pages of their own */

int main(void) {
    float *v = aligned_alloc(4096, N * sizeof *v), *w = aligned_alloc(4096, N * sizeof *w);
    memset(v, 0, N * sizeof *v);
    memset(w, 0, N * sizeof *w);
    array_view(v, N);
    array_view(w, N);
    float *upper = v + N / 2; /* a second pointer into v */
    double total = 0;
    for (int round = 0; round < 5; round++) {
        parallel_for_each(i, extent(N / 2)) {
            v[i] = v[i] + (float)i;
            upper[i] = upper[i] + 1.0f;
            w[i] = (float)round;
        }
        array_view_synchronize(v);
        total += v[N / 2 - 1] + v[N - 1] + w[N / 2 - 1]; /* w: synchronized at this access */
        v[round] = -1.0f;                                /* seen by the next round's kernel */
    }
    parallel_for_each(i, extent(N / 2)) { upper[i] = upper[i] * 2.0f; }
    array_view_synchronize(upper); /* the view of v, through the pointer the kernel used */
    /* a host read and a host write right after a kernel (campcc marks the
     * launch, which synchronizes the view) */
    parallel_for_each(i, extent(N)) { w[i] = w[i] + 0.5f; }
    total += w[7] + w[N - 1];
    parallel_for_each(i, extent(N)) { w[i] = w[i] * 3.0f; }
    w[1] = total; /* the kernel's other results stay; this write reaches the next kernel */
    parallel_for_each(i, extent(N)) { w[i] = w[i] + 1.0f; }
    array_view_synchronize(w);
    printf("total %.1f, v[0..5] %g %g %g %g %g, v[N-1] %g, w[0..2] %g %g %g\n", total, v[0], v[1], v[2], v[3], v[4],
           v[N - 1], w[0], w[1], w[2]);
    array_view_release(w);
    array_view_release(v);
    free(w);
    free(v);
    return 0;
}
