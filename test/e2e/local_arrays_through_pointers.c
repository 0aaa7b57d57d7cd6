// needs: shaderInt64
/* Local arrays that kernels reach through pointers of the function that
 * launches them, as C programs swap buffers: `float *cur = a, *next = b`
 * swapped after each step, a pointer into the middle of an array, a VLA
 * through a pointer, a struct holding a local array's address, and a
 * name an inner block declares again. The arrays in scope at a launch are
 * listed around it; a pointer into one makes it a view for the launch.
 * Two arrays side by side on the stack (one begins where the other ends)
 * passed to a launching function each get their own view. */
#include <camp.h>
#include <stdio.h>

typedef struct {
    const float *src;
    float *dst;
    int n;
} job;

static void add100(float *next, const float *cur, int n) {
    parallel_for_each(i, extent(n)) { next[i] = cur[i] + 100.0f; }
}

int main(void) {
    enum { N = 64 };
    float a[N], b[N];
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = -1.0f;
    }
    float *cur = a, *next = b;
    for (int step = 0; step < 5; step++) {
        parallel_for_each(i, extent(N)) { next[i] = cur[i] + 0.5f * cur[(i + 1) % N]; }
        float *t = cur;
        cur = next;
        next = t;
    }
    printf("%g %g %g\n", cur[0], cur[N / 2], cur[N - 1]);

    float *mid = a + N / 2; /* the upper half of a */
    parallel_for_each(i, extent(N / 2)) { mid[i] = (float)i * 2.0f; }
    printf("%g %g %g\n", a[0], a[N / 2], a[N - 1]);

    int n = 10;
    int vla[n];
    for (int i = 0; i < n; i++) vla[i] = i;
    int *v = vla;
    parallel_for_each(i, extent(n)) { v[i] = v[i] * v[i]; }
    printf("%d %d\n", vla[3], vla[9]);

    float out[N];
    job j = {a, out, N};
    parallel_for_each(i, extent(N)) { j.dst[i] = j.src[i] + 1.0f; }
    printf("%g %g\n", out[0], out[N - 1]);

    {
        float a[4] = {1, 2, 3, 4}; /* hides the outer a */
        float *p = a;
        parallel_for_each(i, extent(4)) { p[i] += 10.0f; }
        printf("%g %g\n", a[0], a[3]);
    }

    float x[8], y[8];
    for (int i = 0; i < 8; i++) {
        x[i] = (float)i;
        y[i] = -1.0f;
    }
    add100(y, x, 8);
    add100(x, y, 8);
    printf("%g %g %g %g\n", x[0], x[7], y[0], y[7]);
    return 0;
}
