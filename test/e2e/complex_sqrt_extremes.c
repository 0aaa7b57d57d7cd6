// needs: shaderInt64 shaderFloat64
/* csqrt at the ends of double's range, where |z| + Re z would overflow or
 * both parts are subnormal: scaled as glibc scales them (1e308 + 1e308i
 * gave an infinite part before), against the host's glibc in the serial
 * reference mode (printed to 12 digits: the two agree within their ulps). */
#include <camp.h>
#include <complex.h>
#include <float.h>
#include <stdio.h>

int main(void) {
    enum { N = 10 };
    double complex in[N] = {1e308 + 1e308 * I,   -1e308 + 1e-308 * I,  1.5e308 + 0.5 * I,   -1.7e308 - 0.25 * I,
                            3.0 + 1.7e308 * I,   1e-320 + 3e-321 * I,  -4e-310 + 1e-315 * I, 2e-308 - 2e-308 * I,
                            DBL_MAX + DBL_MAX * I, -5.0 + 12.0 * I},
                   out[N];
    parallel_for_each(i, extent(N)) { out[i] = csqrt(in[i]); }
    for (int i = 0; i < N; i++) printf("%.12g %+.12gi\n", creal(out[i]), cimag(out[i]));
    return 0;
}
