// needs: shaderInt64 shaderFloat64
/* The math functions that store through pointers, in kernels: sincos and
 * sincosf (C++ AMP's precise_math::sincos, include/camp_math/amp_extras.h),
 * frexp, modf and remquo in both forms, storing into the kernel's locals
 * and into a view's elements. Compared byte for byte with the serial mode,
 * where frexp, modf and remquo are glibc's; each kernel also checks that
 * sincos gave the library's sin and cos bit for bit. */
#include <camp.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 25

/* %a, but a NaN's sign and payload are the library's own (glibc's remquo
 * of infinity is -nan) */
static void print(double v) {
    printf(isnan(v) ? " nan" : " %a", v);
}

int main(void) {
    static const double x[N] = {0.0, -0.0, 0x1p-1074, -0x1p-1060, DBL_MIN, 0.5, -1.0, 1.5, -2.75, 3.0,
                                100.25, 0.7853981633974483, 1e22, -0x1p60, 0x1.5p1000, DBL_MAX, -DBL_MAX,
                                INFINITY, -INFINITY, NAN, 1e-300, 0x1.8p-140, 6.5, -7.25, 123456.789};
    float xf[N];
    double d[N][6];  /* sincos's sin, cos, frexp, modf, modf's integral part, remquo */
    float f[N][6];   /* the same in float */
    int e[N][4];     /* frexp's and frexpf's exponents, remquo's and remquof's quotients (low 3 bits) */
    int same[N][2];  /* sincos == (sin, cos), sincosf == (sinf, cosf) */
    for (int i = 0; i < N; i++)
        xf[i] = (float)x[i];
    memset(e, 0, sizeof e);
    parallel_for_each(i, extent(N)) {
        double s, c, ip;
        float sf, cf;
        int q;
        sincos(x[i], &s, &c);
        sincosf(xf[i], &sf, &cf);
        d[i][0] = s;
        d[i][1] = c;
        f[i][0] = sf;
        f[i][1] = cf;
        /* (sin itself is glibc's in the serial mode) */
        same[i][0] = camp_double_as_ulong(s) == camp_double_as_ulong(camp_precise_sin(x[i])) &&
                     camp_double_as_ulong(c) == camp_double_as_ulong(camp_precise_cos(x[i]));
        same[i][1] = camp_float_as_uint(sf) == camp_float_as_uint(camp_precise_sinf(xf[i])) &&
                     camp_float_as_uint(cf) == camp_float_as_uint(camp_precise_cosf(xf[i]));
        d[i][2] = frexp(x[i], &e[i][0]);     /* into a view */
        f[i][2] = frexpf(xf[i], &e[i][1]);
        d[i][3] = modf(x[i], &ip);           /* into a local */
        d[i][4] = ip;
        f[i][3] = modff(xf[i], &f[i][4]);    /* into a view */
        d[i][5] = remquo(x[i], 0.75, &q);
        e[i][2] = q & 7;
        f[i][5] = remquof(xf[i], 0.75f, &q);
        e[i][3] = q & 7;
    }
    for (int i = 0; i < N; i++) {
        printf("%a:", x[i]);
        for (int k = 0; k < 6; k++)
            print(d[i][k]);
        printf(" |");
        for (int k = 0; k < 6; k++)
            print(f[i][k]);
        printf(" | frexp exponents %d %d, remquo quotients %d %d", isfinite(x[i]) ? e[i][0] : 0,
               isfinite(xf[i]) ? e[i][1] : 0, isnan(d[i][5]) ? 0 : e[i][2], isnan(f[i][5]) ? 0 : e[i][3]);
        printf(" | sincos as sin, cos: %d %d\n", same[i][0], same[i][1]);
    }
    return 0;
}
