// needs: shaderInt64 shaderFloat64
/* Signed zeros, infinities and NaNs through kernel arithmetic: the kernels
 * declare SignedZeroInfNanPreserve, so the driver may not fold x - x or
 * x + -x to 0 (Mesa 25's lavapipe did, for an infinite or NaN x), and the
 * results are the CPU's (NaNs compared as NaNs, their sign and payload
 * being the device's). Products with a literal 0.0 are left out: Mesa
 * 22.3's lavapipe folds them to +0 even with the mode (c-in-kernels.md). */
#include <camp.h>
#include <math.h>
#include <stdio.h>

float in[4], out[10];
double din[4], dout[6];

static void show(const char *what, double v) {
    if (isnan(v)) printf("%s nan\n", what);
    else printf("%s %s%g\n", what, signbit(v) ? "-" : "+", fabs(v));
}

int main(void) {
    in[0] = INFINITY, in[1] = 0.0f, in[2] = -1.5f, in[3] = NAN;
    din[0] = INFINITY, din[1] = 0.0, din[2] = -1.5, din[3] = NAN;
    parallel_for_each(i, extent(1)) {
        out[0] = in[0] * in[1];
        out[1] = in[2] * in[1];
        out[2] = in[3] * in[1];
        out[3] = in[0] - in[0];
        out[4] = in[1] * -1.0f;
        out[5] = in[1] + -0.0f;
        out[6] = -in[1];
        out[7] = in[3] - in[3];
        out[8] = in[2] * in[1] + in[1] * in[2];
        out[9] = in[0] + -in[0];
        dout[0] = din[0] * din[1];
        dout[1] = din[2] * din[1];
        dout[2] = din[0] - din[0];
        dout[3] = din[3] * din[1];
        dout[4] = din[1] * -2.0;
        dout[5] = din[3] - din[3];
    }
    const char *names[] = {"inf*0", "-1.5*0", "nan*0", "inf-inf", "0*-1.0", "0+-0.0", "-(0)", "nan-nan",
                           "-1.5*0+0*-1.5", "inf+-inf"};
    for (int i = 0; i < 10; i++) show(names[i], out[i]);
    const char *dnames[] = {"inf*0", "-1.5*0", "inf-inf", "nan*0", "0*-2.0", "nan-nan"};
    for (int i = 0; i < 6; i++) show(dnames[i], dout[i]);
    return 0;
}
