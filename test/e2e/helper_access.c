// needs: shaderInt64
/* Amp functions that read and write through the pointers they are given:
 * captures only read through them are not copied back (campcc's access
 * analysis follows the calls), those written through them are, and every
 * result is the same. A pointer to non-const into a read-only view may be
 * passed to a function that only reads it. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 48

struct span {
    int *p;
    int n;
};

/* reads through both */
static int dot(int *row, int *v, int n) restrict(amp) {
    int s = 0;
    for (int j = 0; j < n; j++) s += row[j] * v[j];
    return s;
}

/* reads, through a local copy and a second call */
static int dot_row(int *m, int i, int *v) restrict(amp) {
    int *row = m + i * N;
    return dot(row, v, N);
}

/* the row of m: a pointer derived from the parameter, returned */
static int *row_of(int *m, int i) restrict(amp) { return &m[i * N]; }

/* writes through a pointer derived from its parameter */
static void put(int *p, int j, int v) restrict(amp) {
    int *q = p + j;
    *q = v;
}

/* writes through a struct member */
static void fill_span(struct span s, int v) restrict(amp) {
    for (int j = 0; j < s.n; j++) s.p[j] = v + j;
}

/* passes dst on to a writing function, reads src */
static void scaled_copy(int *dst, int *src, int n, int k) restrict(amp) {
    for (int j = 0; j < n; j++) put(dst, j, src[j] * k);
}

int main(void) {
    static int m[N * N], x[N], y[N], z[N * N], w[N * N], c[N * N];
    for (int i = 0; i < N * N; i++) m[i] = (i * 7) % 13 - 6;
    for (int i = 0; i < N; i++) x[i] = i % 5 - 2;

    parallel_for_each(i, extent(N)) { y[i] = dot_row(m, i, x); }
    parallel_for_each(i, extent(N)) { scaled_copy(row_of(z, i), row_of(m, i), N, i + 1); }
    parallel_for_each(i, extent(N)) {
        struct span s = {&w[i * N], N};
        fill_span(s, dot(row_of(m, i), x, N));
    }
    parallel_for_each(i, extent(N)) { row_of(c, i)[0] = dot(m + i * N, x, N) - y[i]; }

    int *v = malloc(N * sizeof *v), r[N];
    for (int i = 0; i < N; i++) v[i] = 3 * i - 50;
    const int *in = v;
    array_view(in, N); /* read-only: the kernel only reads v, in dot */
    parallel_for_each(i, extent(N)) { r[i] = dot(v, x, N) + v[i]; }
    array_view_release(in);

    int bad = 0;
    long long sum = 0;
    for (int i = 0; i < N; i++) {
        int want = 0;
        for (int j = 0; j < N; j++) want += m[i * N + j] * x[j];
        if (y[i] != want) printf("y[%d] = %d, want %d\n", i, y[i], want), bad++;
        if (c[i * N] != 0) printf("c[%d] = %d, want 0\n", i * N, c[i * N]), bad++;
        for (int j = 0; j < N; j++) {
            if (z[i * N + j] != m[i * N + j] * (i + 1))
                printf("z[%d] = %d, want %d\n", i * N + j, z[i * N + j], m[i * N + j] * (i + 1)), bad++;
            if (w[i * N + j] != want + j) printf("w[%d] = %d, want %d\n", i * N + j, w[i * N + j], want + j), bad++;
            sum += y[i] + z[i * N + j] + w[i * N + j];
        }
    }
    int vx = 0;
    for (int j = 0; j < N; j++) vx += v[j] * x[j];
    for (int i = 0; i < N; i++) {
        if (r[i] != vx + v[i]) printf("r[%d] = %d, want %d\n", i, r[i], vx + v[i]), bad++;
        sum += r[i];
    }
    free(v);
    for (int i = 0; i < N * N; i++)
        if (m[i] != (i * 7) % 13 - 6) printf("m[%d] changed\n", i), bad++;
    printf("checksum %lld\n", sum);
    return bad ? 1 : 0;
}
