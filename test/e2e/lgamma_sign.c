// needs: shaderInt64 shaderFloat64
/* lgamma_r and lgammaf_r in a kernel: the sign of gamma(x) beside its log,
 * as POSIX gives it (-1 on (-1, 0), (-3, -2), ... and for -0), where a
 * kernel cannot read signgam; gamma from them, against the host. */
#define _DEFAULT_SOURCE
#include <camp.h>
#include <math.h>
#include <stdio.h>
int main(void) {
    double x[8] = {-2.5, -1.5, -0.5, -0.0, 0.0, 0.5, 3.5, -3.0}, g[8];
    int s[8];
    float xf[8], gf[8]; int sf[8];
    for (int i = 0; i < 8; i++) xf[i] = (float)x[i];
    parallel_for_each(i, extent(8)) {
        int sign;
        double l = lgamma_r(x[i], &sign);
        g[i] = sign * exp(l);
        s[i] = sign;
        gf[i] = lgammaf_r(xf[i], &sf[i]);
    }
    for (int i = 0; i < 8; i++) {
        int hs; double hl = lgamma_r(x[i], &hs);
        int hsf; float hlf = lgammaf_r(xf[i], &hsf);
        printf("%g: %d %d %.6g %.6g | %d %d %g %g\n", x[i], s[i], hs, g[i], hs * exp(hl), sf[i], hsf, gf[i], hlf);
    }
    return 0;
}
