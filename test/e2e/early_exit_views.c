// A kernel that reads an element of a view, leaves early on a test of it
// (`continue`, or `return` in a helper), then stores: the guard of ported
// CUDA code (`if (d == INF) return;`). At -O2 it crashed Mesa's lavapipe
// while the pipeline was made, for every element type tried.
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

static int first_at_least(const short *row, int n, short bound) restrict(amp) {
    for (int k = 0; k < n; k++)
        if (row[k] >= bound) return k;
    return n;
}

int main(void) {
    enum { N = 1000 };
    int *v = malloc(N * sizeof *v);
    float *f = malloc(N * sizeof *f);
    short *s = malloc(N * sizeof *s);
    int *where = malloc(N * sizeof *where);
    for (int e = 0; e < N; e++) {
        v[e] = 100 + e % 7;
        f[e] = (float)(e % 5) - 2.0f;
        s[e] = (short)(e % 11);
    }
    array_view(v, N);
    array_view(f, N);
    array_view(s, N);
    array_view(where, N);
    parallel_for_each(e, extent(N)) {
        if (v[e] == 101) continue; /* this thread is done */
        v[e] += 7;
    }
    parallel_for_each(e, extent(N)) {
        float x = f[e];
        if (x < 0) continue;
        f[e] = x * 2.0f;
    }
    parallel_for_each(e, extent(N)) {
        short bound = s[e];
        if (bound == 0) continue;
        where[e] = first_at_least(s, N, (short)(bound + 3));
    }
    array_view_synchronize(v);
    array_view_synchronize(f);
    array_view_synchronize(where);
    long sum_v = 0, sum_where = 0;
    double sum_f = 0;
    for (int e = 0; e < N; e++) {
        sum_v += v[e];
        sum_f += f[e];
        if (s[e] != 0) sum_where += where[e];
    }
    printf("%ld %.1f %ld\n", sum_v, sum_f, sum_where);
    return 0;
}
