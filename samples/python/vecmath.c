// needs: shaderInt64
/* vecmath.c — a shared library whose functions run kernels, for a program
 * in another language (here Python through ctypes, as C++ AMP was called
 * from C# and JavaScript). Build:
 *
 *     campcc -shared -fPIC -O2 vecmath.c -o libvecmath.so
 *
 * The caller passes plain pointers; each function makes the views it needs
 * for the call and releases them before returning, so nothing of libcamp's
 * state outlives the call but the device itself. */
#include <camp.h>
#include <stdlib.h>

/* y[i] = a * x[i] + y[i] for n floats; returns 0, or -1 for a bad n. */
int vecmath_saxpy(int n, float a, const float *x, float *y) {
    if (n < 0) return -1;
    array_view(x, n);
    array_view(y, n);
    parallel_for_each(i, extent(n)) {
        y[i] = a * x[i] + y[i];
    }
    array_view_synchronize(y);
    array_view_release(x);
    array_view_release(y);
    return 0;
}

/* The sum of n floats, by tiles of 256 in tile_static memory and the
 * tiles' partial sums on the host. */
double vecmath_sum(int n, const float *x) {
    enum { TILE = 256 };
    int tiles = (n + TILE - 1) / TILE;
    if (n <= 0) return 0.0;
    float *partial = array_new(float, tiles, NULL);
    array_view(x, n);
    parallel_for_each(t, tile_pad(tile(extent(n), TILE))) {
        tile_static float part[TILE];
        int l = t.local;
        part[l] = t.global < n ? x[t.global] : 0.0f;
        tile_barrier_wait(t.barrier);
        for (int s = TILE / 2; s > 0; s /= 2) {
            if (l < s) part[l] += part[l + s];
            tile_barrier_wait(t.barrier);
        }
        if (l == 0) partial[t.tile] = part[0];
    }
    float *host = malloc(sizeof *host * (size_t)tiles);
    array_copy_out(host, partial, tiles);
    double sum = 0.0;
    for (int i = 0; i < tiles; i++) sum += host[i];
    free(host);
    array_delete(partial);
    array_view_release(x);
    return sum;
}
