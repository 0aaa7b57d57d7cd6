// needs: shaderInt64
// The address of a captured array (a view) in a kernel: `&a` is the view's
// start, as `a` decayed is, through a cast to a pointer to its elements, a
// pointer to the whole array, and an amp function's pointer parameter
// (campcc once stopped here with an internal error).
#include <camp.h>
#include <stdio.h>

#define N 16

static void put(float *p, int k, float v) restrict(amp) { p[k] = v; }

int main(void) {
    float m[N][2];
    int a[N];
    int bad = 0;
    parallel_for_each(i, extent(N)) {
        float *flat = (float *)&m;
        flat[2 * i] = (float)i;
        put((float *)&m, 2 * i + 1, (float)(10 * i));
        int (*whole)[N] = &a;
        (*whole)[i] = 3 * i;
        ((int *)&a)[i] += 1;
    }
    for (int i = 0; i < N; i++)
        if (m[i][0] != (float)i || m[i][1] != (float)(10 * i) || a[i] != 3 * i + 1) {
            printf("wrong at %d: %g %g %d\n", i, m[i][0], m[i][1], a[i]);
            bad = 1;
        }
    if (!bad) printf("ok\n");
    return bad;
}
