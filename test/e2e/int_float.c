// needs: shaderInt64
/* Conversions between int, unsigned and float, and float arithmetic whose
 * results are exact (so a fused multiply-add cannot change them). Float to
 * integer truncates toward zero. */
#include <camp.h>
#include <stdio.h>

#define N 300

int main(void) {
    int ints[N], trunc[N];
    float f[N], from_int[N], mixed[N];
    unsigned from_float[N];
    for (int i = 0; i < N; i++) {
        ints[i] = (i - 150) * 1001;
        f[i] = (float)(i - 150) * 0.75f; /* exact: multiples of 0.25 */
    }
    float half = 0.5f;
    unsigned u = 4294967295u;
    float conv[6];

    parallel_for_each(i, extent(N)) {
        from_int[i] = ints[i];            /* int -> float */
        trunc[i] = f[i];                  /* float -> int, toward zero */
        mixed[i] = ints[i] * half + f[i]; /* int promoted to float */
        if (f[i] >= 0.0f)
            from_float[i] = f[i] * 2.0f;  /* float -> unsigned */
        else
            from_float[i] = 7u;
    }
    parallel_for_each(i, extent(1)) { /* one point: i is 0 */
        int big = 16777217;
        conv[i + 0] = big;         /* rounds to 16777216 */
        conv[i + 1] = u;           /* 4294967296 */
        conv[i + 2] = (int)-2.75f; /* -2 */
        conv[i + 3] = (int)2.75f;  /* 2 */
        conv[i + 4] = 7 / 2;       /* 3: integer division before conversion */
        conv[i + 5] = 7 / 2.0f;    /* 3.5 */
    }

    int bad = 0;
    double checksum = 0;
    for (int i = 0; i < N; i++) {
        unsigned want_u = f[i] >= 0.0f ? (unsigned)(f[i] * 2.0f) : 7u;
        if ((from_int[i] != (float)ints[i] || trunc[i] != (int)f[i] ||
             mixed[i] != ints[i] * half + f[i] || from_float[i] != want_u) &&
            bad++ < 10)
            printf("mismatch at %d: %g %d %g %u\n", i, from_int[i], trunc[i], mixed[i], from_float[i]);
        checksum += from_int[i] + trunc[i] * 3.0 + mixed[i] + from_float[i];
    }
    float want[6] = {16777216.0f, 4294967296.0f, -2.0f, 2.0f, 3.0f, 3.5f};
    for (int i = 0; i < 6; i++) {
        if (conv[i] != want[i] && bad++ < 10) printf("conv[%d] = %.9g, want %.9g\n", i, conv[i], want[i]);
        printf("%.1f ", conv[i]);
    }
    printf("\nchecksum %.2f\n", checksum);
    return bad != 0;
}
