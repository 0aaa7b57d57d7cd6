// needs: shaderInt64
// A program with flux limiters of its own named `phi` (van Leer's, of one
// ratio) and `psi` (minmod), as advection codes name them: camp.h's
// normal distribution function is `normcdf` (CUDA's name), so a `phi` of
// the program's stays its own, in kernels and on the host.
#include <camp.h>
#include <math.h>
#include <stdio.h>

#define N 4096

static float phi(float r) restrict(cpu, amp) { return (r + fabsf(r)) / (1.0f + fabsf(r)); }
static float psi(float a, float b) restrict(cpu, amp) { return a * b <= 0 ? 0 : fabsf(a) < fabsf(b) ? a : b; }

int main(void) {
    static float q[N], flux[N];
    int bad = 0;
    for (int i = 0; i < N; i++) q[i] = sinf(0.01f * (float)i) + (i % 7 == 0 ? 0.5f : 0.0f);
    parallel_for_each(i, extent(N - 2)) {
        float dl = q[i + 1] - q[i], dr = q[i + 2] - q[i + 1];
        float r = dl != 0 ? dr / dl : 0;
        flux[i] = q[i + 1] + 0.5f * phi(r) * dl + psi(dl, dr);
    }
    for (int i = 0; i < N - 2; i++) {
        float dl = q[i + 1] - q[i], dr = q[i + 2] - q[i + 1];
        float r = dl != 0 ? dr / dl : 0;
        float want = q[i + 1] + 0.5f * phi(r) * dl + psi(dl, dr);
        if (fabsf(flux[i] - want) > 1e-5f * (1 + fabsf(want)) && bad++ < 3)
            printf("flux[%d] = %g, expected %g\n", i, flux[i], want);
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
