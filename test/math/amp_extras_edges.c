// needs: shaderInt64 shaderFloat64
/* C++ AMP's tanpi, scalb and nan (include/camp_math/amp_extras.h) and
 * erfinv, erfcinv, normcdf and normcdfinv (include/camp_math/inverse_erf.h), and
 * fast_math_fmod (OpFRem: the sign of x, unlike OpFMod's of y) in
 * kernels, on their documented edge cases, double and float: each result
 * is checked against the value the header documents (the exit status) and
 * printed, and e2e compares the output at -O0 and -O2 with the serial
 * mode's, byte for byte. */
#include <camp.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

#define N 12

/* want == got, bit for bit (NaNs: any NaN) */
static int check(const char *what, double x, double got, double want) {
    int ok = isnan(want) ? isnan(got) : got == want && signbit(got) == signbit(want);
    printf("%s(%a) = %a%s\n", what, x, got, ok ? "" : "  WRONG");
    return ok;
}

int main(void) {
    /* tanpi: C23's zeros' signs and infinities' signs */
    static const double tx[N] = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 1.5, -1.5, 0x1.0000000000001p52, 0x1p60};
    static const double twant[N] = {0.0, -0.0, -0.0, 0.0, 0.0, -0.0, INFINITY, -INFINITY, -INFINITY, INFINITY, -0.0, 0.0};
    /* scalb: x 2^y, NaN for a y that is not an integer, 0 2^inf and inf 2^-inf */
    static const double sx[N] = {1.0, 3.0, 1.0, 0.0, 5.0, INFINITY, 2.0, -7.0, 1.0, 1.0, 0x1p-1070, 1.0};
    static const double sy[N] = {10.0, -2.0, 0.5, INFINITY, -INFINITY, -INFINITY, INFINITY, 1e9, -1e9, -1074.0, -4.0, NAN};
    static const double swant[N] = {1024.0, 0.75, NAN, NAN, 0.0, NAN, INFINITY, -INFINITY, 0.0, 0x1p-1074, 0x1p-1074, NAN};
    /* the inverse error functions' poles, zeros and NaNs, and normcdf's limits */
    static const double ex[N] = {1.0, -1.0, 0.0, -0.0, 1.5, -2.0, 0.5, 2.0, NAN, INFINITY, -INFINITY, -40.5};
    static const double einv[N] = {INFINITY, -INFINITY, 0.0, -0.0, NAN, NAN, 0x1.e861fbb24c00ap-2, NAN, NAN, NAN, NAN, NAN};
    static const double ecinv[N] = {0.0, NAN, INFINITY, INFINITY, -0x1.e861fbb24c00ap-2, NAN, 0x1.e861fbb24c00ap-2, -INFINITY, NAN, NAN, NAN, NAN};
    static const double pr[N] = {INFINITY, NAN, -INFINITY, -INFINITY, NAN, NAN, 0.0, NAN, NAN, NAN, NAN, NAN};
    /* mpmath's ncdf, rounded */
    static const double ph[N] = {0x1.aec4bd120d37dp-1, 0x1.44ed0bb7cb20bp-3, 0.5, 0.5, 0x1.ddcb724ed3702p-1, 0x1.74bcf82c9d860p-6,
                                 0x1.62075e232ac77p-1, 0x1.f45a183e9b13dp-1, NAN, 1.0, 0.0, 0.0};
    /* fast_math_fmod, where any device's quotient is exact (not fmod(-0, y):
     * lavapipe's x - y trunc(x/y) gives +0) */
    static const float fx[N] = {5.5f, -5.5f, 7.0f, -7.0f, 0.75f, -0.75f, 1.0f, 100.0f, -0.25f, 0.0f, 9.0f, -9.0f};
    static const float fy[N] = {2.0f, 2.0f, -3.0f, -3.0f, 0.5f, 0.5f, 4.0f, 8.0f, 3.0f, -3.0f, 4.5f, 2.0f};
    static const float fwant[N] = {1.5f, -1.5f, 1.0f, -1.0f, 0.25f, -0.25f, 1.0f, 4.0f, -0.25f, 0.0f, 0.0f, -1.0f};
    double t[N], s[N], nd[N], e[N][4];
    float tf[N], sf[N], nf[N], ef[N][4], fm[N];
    int ok = 1;
    /* one kernel per function and form: lavapipe compiles each in moments
     * at -O2, all of them inlined into one kernel in minutes */
    parallel_for_each(i, extent(N)) t[i] = tanpi(tx[i]);
    parallel_for_each(i, extent(N)) tf[i] = tanpif((float)tx[i]);
    parallel_for_each(i, extent(N)) s[i] = scalb(sx[i], sy[i]);
    parallel_for_each(i, extent(N)) sf[i] = scalbf((float)sx[i], (float)sy[i]);
    parallel_for_each(i, extent(N)) {
        nd[i] = nan("");
        nf[i] = nanf("1");
    }
    parallel_for_each(i, extent(N)) e[i][0] = erfinv(ex[i]);
    parallel_for_each(i, extent(N)) e[i][1] = erfcinv(ex[i]);
    parallel_for_each(i, extent(N)) e[i][2] = normcdfinv(ex[i]);
    parallel_for_each(i, extent(N)) e[i][3] = normcdf(ex[i]);
    parallel_for_each(i, extent(N)) ef[i][0] = erfinvf((float)ex[i]);
    parallel_for_each(i, extent(N)) ef[i][1] = erfcinvf((float)ex[i]);
    parallel_for_each(i, extent(N)) ef[i][2] = normcdfinvf((float)ex[i]);
    parallel_for_each(i, extent(N)) ef[i][3] = normcdff((float)ex[i]);
    parallel_for_each(i, extent(N)) fm[i] = fast_math_fmod(fx[i], fy[i]);
    for (int i = 0; i < N; i++) {
        ok &= check("tanpi", tx[i], t[i], twant[i]);
        ok &= check("tanpif", tx[i], tf[i], fabs(tx[i]) >= 0x1p24 ? 0.0 : twant[i]);
        ok &= check("scalb", sx[i], s[i], swant[i]);
        ok &= check("scalbf", sx[i], sf[i], i == 9 || i == 10 ? 0.0 : swant[i]);
        ok &= check("nan", i, camp_double_as_ulong(nd[i]) == 0x7ff8000000000000ull, 1.0);
        ok &= check("nanf", i, camp_float_as_uint(nf[i]) == 0x7fc00000u, 1.0);
        ok &= check("erfinv", ex[i], e[i][0], einv[i]);
        ok &= check("erfcinv", ex[i], e[i][1], ecinv[i]);
        ok &= check("normcdfinv", ex[i], e[i][2], pr[i]);
        ok &= check("normcdf", ex[i], e[i][3], ph[i]);
        ok &= check("erfinvf", ex[i], ef[i][0], (float)einv[i]);
        ok &= check("erfcinvf", ex[i], ef[i][1], (float)ecinv[i]);
        ok &= check("normcdfinvf", ex[i], ef[i][2], (float)pr[i]);
        ok &= check("normcdff", ex[i], ef[i][3], (float)ph[i]);
        ok &= check("fast_math_fmod", fx[i], fm[i], fwant[i]);
    }
    return !ok;
}
