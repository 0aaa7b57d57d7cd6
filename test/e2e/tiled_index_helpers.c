// test: tiled
/* The tiled index passed whole to restrict(amp) helpers, as C++ AMP
 * passes tiled_index<N> to a function: a tree sum that waits at the
 * tile's barrier inside the helper, a 2-D helper reading t.global of a
 * copy, and the kernel-function form `parallel_for_each(t, ...) kern(t, ...)`.
 * Checked against the serial reference. */
#include <camp.h>
#include <stdio.h>

#define TS 64
#define N 256
#define M 32

static int block_sum(tiled_index1 t, int *s) restrict(amp) {
    for (int k = TS / 2; k > 0; k >>= 1) {
        if (t.local < k) s[t.local] += s[t.local + k];
        tile_barrier_wait(t.barrier);
    }
    return s[0];
}

static float at(tiled_index2 t, const float *m) restrict(amp) { return m[t.global[0] * M + t.global[1]]; }

static void describe(tiled_index1 t, int *out) restrict(amp) {
    out[t.global] = t.tile * 10000 + t.local * 100 + t.tile_extent + (t.tile_origin + t.local - t.global);
}

int main(void) {
    int in[N], sums[N / TS], described[N];
    float m[M * M], twice[M * M];
    for (int i = 0; i < N; i++) in[i] = (i * 37) % 101 - 50;
    for (int i = 0; i < M * M; i++) m[i] = 0.5f * (float)(i % 77);

    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int s[TS];
        s[t.local] = in[t.global];
        tile_barrier_wait(t.barrier);
        int v = block_sum(t, s);
        if (t.local == 0) sums[t.tile] = v;
    }
    parallel_for_each(t, tile(extent(M, M), 8, 16)) {
        tiled_index2 u = t;
        twice[t.global[0] * M + t.global[1]] = at(u, m) + at(t, m);
    }
    parallel_for_each(t, tile(extent(N), 32)) describe(t, described);

    int bad = 0;
    for (int b = 0; b < N / TS; b++) {
        int want = 0;
        for (int i = 0; i < TS; i++) want += in[b * TS + i];
        if (sums[b] != want && bad++ < 5) printf("sum %d: %d, want %d\n", b, sums[b], want);
    }
    for (int i = 0; i < M * M; i++)
        if (twice[i] != 2 * m[i] && bad++ < 5) printf("twice %d: %g, want %g\n", i, twice[i], 2 * m[i]);
    for (int i = 0; i < N; i++) {
        int want = i / 32 * 10000 + i % 32 * 100 + 32;
        if (described[i] != want && bad++ < 5) printf("described %d: %d, want %d\n", i, described[i], want);
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
