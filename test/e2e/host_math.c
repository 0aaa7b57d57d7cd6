// needs: shaderInt64
/* The math library in host code beside kernels: campcc compiles the host C
 * without camp_math.h only when nothing in the file uses it, so each use
 * below (a precise function, a vector form and a library macro, all outside
 * kernels) must keep it. */
#include <camp.h>
#include <stdio.h>

#define N 16

static double host_side(double x) {
    float4 v = sin((float4){(float)x, 1.0f, 2.0f, 3.0f});
    return camp_precise_cbrt(x) + v.x + (x > 100.0 ? CAMP_INFINITY : 0.0);
}

int main(void) {
    int out[N];
    parallel_for_each(i, extent(N)) { out[i] = 3 * i + 1; }
    for (int i = 0; i < N; i++) printf("%d %a\n", out[i], host_side(out[i]));
    return 0;
}
