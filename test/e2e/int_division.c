// needs: shaderInt64
/* Integer division and remainder with negative operands: C truncates toward
 * zero (-7 / 2 == -3, -7 % 2 == -1), unlike SPIR-V's OpSMod. */
#include <camp.h>
#include <stdio.h>

#define N 400

int main(void) {
    int num[N], den[N], quo[N], rem[N];
    for (int i = 0; i < N; i++) {
        num[i] = (i % 2 ? -1 : 1) * (i * 37 % 1001);
        den[i] = (i % 3 ? 1 : -1) * (i % 13 + 1);
    }
    int cn = -7, cd = 2;
    int fixed[8];

    parallel_for_each(i, extent(N)) {
        quo[i] = num[i] / den[i];
        rem[i] = num[i] % den[i];
    }
    parallel_for_each(i, extent(1)) { /* one point: i is 0 */
        fixed[i + 0] = cn / cd;   /* -7 / 2  == -3 */
        fixed[i + 1] = cn % cd;   /* -7 % 2  == -1 */
        fixed[i + 2] = -cn / -cd; /*  7 / -2 == -3 */
        fixed[i + 3] = -cn % -cd; /*  7 % -2 ==  1 */
        fixed[i + 4] = cn / -cd;  /* -7 / -2 ==  3 */
        fixed[i + 5] = cn % -cd;  /* -7 % -2 == -1 */
        fixed[i + 6] = -cn / cd;  /*  7 / 2  ==  3 */
        fixed[i + 7] = -cn % cd;  /*  7 % 2  ==  1 */
    }

    int bad = 0;
    long long checksum = 0;
    for (int i = 0; i < N; i++) {
        if ((quo[i] != num[i] / den[i] || rem[i] != num[i] % den[i]) && bad++ < 10)
            printf("%d / %d: got %d rem %d\n", num[i], den[i], quo[i], rem[i]);
        checksum += quo[i] * 3LL + rem[i];
    }
    int want[8] = {-3, -1, -3, 1, 3, -1, 3, 1};
    for (int i = 0; i < 8; i++) {
        if (fixed[i] != want[i] && bad++ < 10) printf("fixed[%d] = %d, want %d\n", i, fixed[i], want[i]);
        printf("%d ", fixed[i]);
    }
    printf("\nchecksum %lld\n", checksum);
    return bad != 0;
}
