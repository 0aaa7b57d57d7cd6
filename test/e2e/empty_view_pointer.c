/* A pointer whose view is empty (array_view(p, 0), or a matrix of rows of
 * no columns, r * c elements) reaches a kernel that reads none of its elements: the kernel
 * runs, and may still test the pointer. Printed for comparison with the
 * serial build. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

static void apply(const float *wts, int nw, float *out, int n, float bias) {
    array_view(wts, nw);
    array_view(out, n);
    parallel_for_each(i, extent(n)) {
        float s = wts ? bias : -1.0f;
        for (int k = 0; k < nw; k++) s += wts[k] * (float)(i + k);
        out[i] = s;
    }
    array_view_release(out);
    array_view_release((float *)wts);
}

static void row_sums(int r, int c, const int *m, int out[r]) {
    array_view(m, r * c);
    array_view(out, r);
    parallel_for_each(i, extent(r)) {
        int s = 0;
        for (int j = 0; j < c; j++) s += m[i * c + j];
        out[i] = s;
    }
    array_view_release(out);
    array_view_release((void *)m);
}

int main(void) {
    float w[2] = {1.0f, 2.0f}, out[5];
    apply(w, 2, out, 5, 0.5f);
    printf("%g %g\n", out[0], out[4]);
    float *none = malloc(sizeof(float));
    apply(none, 0, out, 5, 1.5f);
    printf("%g %g\n", out[0], out[4]);
    int sums[4] = {-1, -1, -1, -1};
    row_sums(4, 0, (const int *)none, sums);
    printf("%d %d %d %d\n", sums[0], sums[1], sums[2], sums[3]);
    free(none);
    return 0;
}
