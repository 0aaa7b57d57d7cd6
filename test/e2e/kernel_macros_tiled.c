// test: tiled
// kernels: 2
/* A tiled kernel written by a macro of the program's, one per element
 * type: tile_static memory of the macro's type, a barrier, partial sums
 * per tile (e2e/kernel_macros.c has the untiled forms). */
#include <camp.h>
#include <stdio.h>

#define TILES 32
#define SIDE 16
#define DEFINE_TILED_SUM(T) \
    static T tiled_sum_##T(const T *x, int n) { \
        T part[TILES]; \
        parallel_for_each(t, tile(extent(TILES * SIDE), SIDE)) { \
            tile_static T s[SIDE]; \
            T acc = 0; \
            for (int k = t.global; k < n; k += TILES * SIDE) acc += x[k]; \
            s[t.local] = acc; \
            tile_barrier_wait(t.barrier); \
            if (t.local == 0) { \
                T total = 0; \
                for (int q = 0; q < SIDE; q++) total += s[q]; \
                part[t.tile] = total; \
            } \
        } \
        T total = 0; \
        for (int q = 0; q < TILES; q++) total += part[q]; \
        return total; \
    }
DEFINE_TILED_SUM(int)
DEFINE_TILED_SUM(float)

int main(void) {
    enum { N = 5003 };
    static int xi[N];
    static float xf[N];
    int want_i = 0;
    float want_f = 0; /* summed as the kernel sums, in the same order */
    for (int i = 0; i < N; i++) xi[i] = i % 7 - 2, xf[i] = (float)(i % 5) * 0.5f;
    for (int tile = 0; tile < TILES; tile++) {
        float tile_total = 0;
        for (int l = 0; l < SIDE; l++) {
            float acc = 0;
            for (int k = tile * SIDE + l; k < N; k += TILES * SIDE) acc += xf[k], want_i += xi[k];
            tile_total += acc;
        }
        want_f += tile_total;
    }
    int got_i = tiled_sum_int(xi, N);
    float got_f = tiled_sum_float(xf, N);
    printf("int %d (want %d), float %g (want %g)\n", got_i, want_i, got_f, want_f);
    bool ok = got_i == want_i && got_f == want_f;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
