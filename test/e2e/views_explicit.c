// needs: shaderInt64
// test: addresses
/* Explicit views: malloc'd memory made available with array_view, used by
 * several kernels (the data stays on the accelerator between them),
 * synchronized, refreshed after host writes, discarded; interior pointers
 * and pointer arithmetic; a 2-D view through a pointer to rows; a nested
 * view; an array with a complete type inside a view (not copied twice). */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 300, ROWS = 5, COLS = 7 };

int main(void) {
    int *v = malloc(N * sizeof *v);
    for (int i = 0; i < N; i++) v[i] = i;
    array_view(v, N);
    for (int k = 0; k < 10; k++) {
        parallel_for_each(i, extent(N)) { v[i] = v[i] + 1; }
    }
    array_view_synchronize(v);
    printf("after 10 kernels: %d %d %d\n", v[0], v[150], v[N - 1]);

    /* the host changes the data: refresh, so the next kernel sees it */
    for (int i = 0; i < N; i++) v[i] = 2 * i;
    array_view_refresh(v);
    int *middle = v + 100; /* an interior pointer */
    parallel_for_each(i, extent(100)) { middle[i] = middle[i] + middle[i - 100] + *(v + i + 200); }
    array_view_synchronize(v + 17); /* any pointer into the view names it */
    printf("refresh: %d %d %d\n", v[100], v[150], v[199]);

    /* discard_data: the old contents do not matter, the kernel writes all */
    array_view_discard_data(v);
    parallel_for_each(i, extent(N)) { v[i] = 7 * i; }
    array_view_release(v); /* copies back and ends the view */
    long sum = 0;
    for (int i = 0; i < N; i++) sum += v[i];
    printf("discard: sum %ld\n", sum);

    /* 2-D: rows of a fixed width */
    float (*m)[COLS] = malloc(ROWS * sizeof *m);
    array_view(m, ROWS);
    array_view_discard_data(m);
    parallel_for_each(idx, extent(ROWS, COLS)) { m[idx[0]][idx[1]] = idx[0] * 10.0f + idx[1]; }
    float (*row2)[COLS] = m + 2;
    parallel_for_each(j, extent(COLS)) { row2[0][j] = -row2[0][j]; }
    array_view_synchronize(m);
    for (int r = 0; r < ROWS; r++) printf("%g %g\n", m[r][0], m[r][COLS - 1]);

    /* a view nested in another shares it; a complete array inside a view
     * is served by the view */
    static int block[64];
    for (int i = 0; i < 64; i++) block[i] = i;
    array_view(block, 64);
    int *inner = block + 8;
    array_view(inner, 8);
    parallel_for_each(i, extent(8)) { inner[i] = inner[i] * 100; }
    parallel_for_each(i, extent(64)) { block[i] = block[i] + 1; }
    array_view_release(inner);
    array_view_release(block);
    printf("nested: %d %d %d %d\n", block[7], block[8], block[15], block[16]);

    /* a null pointer is no error: it stays null in the kernel */
    int *nothing = NULL;
    int *out = malloc(4 * sizeof *out);
    array_view(out, 4);
    parallel_for_each(i, extent(4)) {
        out[i] = 1;
        if (i < 0) out[i] = nothing[0];
    }
    array_view_release(out);
    printf("null: %d %d\n", out[0], out[3]);

    /* pointers held in a captured struct are translated too */
    struct span { const int *in; struct { int *to; } out; int n; } span = {v, {out, }, 4};
    array_view(v, N);
    array_view(out, 4);
    parallel_for_each(i, extent(4)) { span.out.to[i] = span.in[i * 2] + span.n; }
    array_view_release(out);
    array_view_release(v);
    printf("struct: %d %d\n", out[0], out[3]);
    free(out);
    free(m);
    free(v);
    return 0;
}
