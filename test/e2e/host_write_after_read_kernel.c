/* The host writes an array that the kernel before only read, in the
 * statement right after the launch or after reading it there (or after an
 * array_view_synchronize of it): the next kernel sees the write. It ran on
 * the device's old copy, silently: the launch left the pages of an array
 * the next statement uses unwatched, which is right only where the kernel
 * wrote it (updating a parameter array between frames gave 4,099 of 4,096
 * particles wrong). Static arrays small and page-sized, a view of
 * malloc'd pages. The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1024
static float in[N], in2[N], out[N];
static float params[4] = {1, 2, 3, 4};

int main(void) {
    for (int i = 0; i < N; i++) in[i] = in2[i] = 1.0f;

    parallel_for_each(i, extent(N)) { out[i] = in[i] * 2; }
    in[0] = 5.0f;
    parallel_for_each(i, extent(N)) { out[i] = in[i] * 2; }
    printf("write right after: %g\n", out[0]);

    parallel_for_each(i, extent(N)) { out[i] = in2[i] * 2; }
    float first = in2[1];
    for (int i = 0; i < 4; i++) in2[i] = 7.0f;
    parallel_for_each(i, extent(N)) { out[i] = in2[i] * 2; }
    printf("read right after, write later: %g (was %g)\n", out[1], first);

    for (int frame = 0; frame < 3; frame++) {
        parallel_for_each(i, extent(N)) { out[i] = params[i % 4] * (float)i; }
        params[frame] += 10;
    }
    printf("small parameters: %g %g %g %g\n", out[1], out[2], out[3], out[4]);

    float *v = aligned_alloc(4096, 4 * N * sizeof *v);
    for (int i = 0; i < 4 * N; i++) v[i] = 1;
    array_view(v, 4 * N);
    parallel_for_each(i, extent(N)) { out[i] = v[4 * i]; }
    array_view_synchronize(v);
    v[8] = 3;
    parallel_for_each(i, extent(N)) { out[i] = v[4 * i]; }
    printf("view after a synchronize: %g\n", out[2]);
    array_view_release(v);
    free(v);
    return 0;
}
