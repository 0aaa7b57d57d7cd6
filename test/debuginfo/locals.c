/* campcc -g: every local variable of these kernels and helpers gets a
 * DebugLocalVariable on its line, each `{ }` block its own scope (the
 * shadowing x's), and every statement marked `step` a DebugLine;
 * test/debug_info.py reads the module back. The program checks its own
 * results. The lists below are what the test expects, per function. */
// locals camp_kernel_0: i r x x k k p q s v pt arr
// locals scaled_sum: a b n total j
// locals camp_kernel_1: t.global t.local t.tile t.tile_origin t.tile_extent sum m
// locals tile_static: counts
#include <camp.h>
#include <stdio.h>

#define N 256
#define TS 64

struct pair {
    int first;
    float second;
};

static float scaled_sum(const float *a, float b, int n) restrict(amp) {
    float total = 0.0f; /* step */
    for (int j = 0; j < n; j++) total += a[j] * b; /* step */
    return total; /* step */
}

int main(void) {
    static float in[N], out[N];
    static int tiles[N / TS];
    for (int i = 0; i < N; i++) in[i] = (float)(i % 7);
    parallel_for_each(i, extent(N)) {
        int r = 1; /* step */
        {
            int x = i * 2; /* step */
            r += x; /* step */
            {
                int x = 7; /* step */
                r += x; /* step */
            }
        }
        int k = 3; /* step */
        for (int k = 0; k < 2; k++) r += k; /* step */
        const float *p = &in[i]; /* step */
        float arr[4] = {1.0f, 2.0f, 3.0f, 4.0f};
        float *q = &arr[1]; /* step */
        struct pair s = {r + k, *p}; /* step */
        float4 v = {s.second, *q, 0.0f, 1.0f}; /* step */
        float *pt = arr;
        out[i] = v.x + v.y + (float)s.first + scaled_sum(pt, 2.0f, 4); /* step */
    }
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int counts[TS];
        counts[t.local] = 1; /* step */
        tile_barrier_wait(t.barrier); /* step */
        if (t.local == 0) {
            int sum = 0; /* step */
            for (int m = 0; m < TS; m++) sum += counts[m];
            tiles[t.tile] = sum; /* step */
        }
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int r = 1 + i * 2 + 7 + 0 + 1;
        float want = in[i] + 2.0f + (float)(r + 3) + 2.0f * (1 + 2 + 3 + 4);
        if (out[i] != want && bad++ < 5) printf("out[%d] = %g, want %g\n", i, out[i], want);
    }
    for (int i = 0; i < N / TS; i++)
        if (tiles[i] != TS && bad++ < 5) printf("tiles[%d] = %d, want %d\n", i, tiles[i], TS);
    printf("debug locals: %s\n", bad ? "MISMATCH" : "ok");
    return bad != 0;
}
// needs: shaderInt64
