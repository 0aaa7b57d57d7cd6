/* A static local array of the launching function that ends where a
 * file-scope array begins (clang 19 lays `scratch` out just before
 * `grid_a` in .bss, at -O0 and -O2): a kernel's pointer to `grid_a` is
 * that array's start, not one past the end of `scratch`, which the
 * launch's scope lists. Ping-pong grids at file scope and a static
 * scratch buffer in main, as game and simulation code writes them. */
#include <camp.h>
#include <stdio.h>

#define N 1024
static float grid_a[N], grid_b[N];

int main(void) {
    static float scratch[N]; /* in scope at the launches, never used by a kernel */
    for (int i = 0; i < N; i++) grid_a[i] = (float)i;
    float *src = grid_a, *dst = grid_b;
    for (int step = 0; step < 3; step++) {
        parallel_for_each(i, extent(N)) { dst[i] = src[i] + 1.0f; }
        float *t = src;
        src = dst, dst = t;
    }
    for (int i = 0; i < N; i++) scratch[i] = src[i] * 2;
    for (int i = 0; i < N; i += 97) printf("%d: %g %g %g\n", i, grid_a[i], grid_b[i], scratch[i]);
    return 0;
}
