// needs: shaderInt64
/* A helper written for any n, called with 0: array_view(p, 0) is an empty
 * view (a null p too), which the calls on views accept. The serial
 * reference mode prints the same. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
static void scale(float *v, int n) {
    array_view(v, n);
    parallel_for_each(i, extent(n)) { v[i] *= 2; }
    array_view_synchronize(v);
    array_view_release(v);
}
int main(void) {
    float *v = malloc(4 * sizeof *v);
    for (int i = 0; i < 4; i++) v[i] = i;
    scale(v, 4);
    scale(v, 0);
    scale(NULL, 0);
    printf("%g %g\n", v[1], v[3]);
    return 0;
}
