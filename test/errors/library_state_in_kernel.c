// State the C library keeps for the host, which amp code has none of:
// `signgam` after lgamma (lgamma_r gives the sign), errno, and <fenv.h>'s
// rounding modes; each refused where it is used, saying what to do.
#define _DEFAULT_SOURCE
#include <camp.h>
#include <errno.h>
#include <fenv.h>
#include <math.h>

int main(void) {
    double x[4] = {-2.5, -0.5, 0.5, 3.5}, g[4];
    int bad[4];
    parallel_for_each(i, extent(4)) {
        double l = lgamma(x[i]);
        g[i] = signgam * exp(l);
        bad[i] = errno;
        fesetround(FE_UPWARD);
    }
    return (int)g[0] + bad[0];
}
// expect-error: 15:16: 'signgam' is set by the host's lgamma only, not by lgamma in amp code: take the sign of gamma(x) from lgamma_r(x, &sign)
// expect-error: 16:18: errno is not available in amp code
// expect-error: 17:9: 'fesetround' is not available in amp code: kernels round to nearest
