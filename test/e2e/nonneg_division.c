// needs: shaderInt64
/* Division and remainder of signed ints: campcc emits them unsigned where
 * the operands are provably non-negative (the index, constants, locals
 * initialized from them and never assigned again); every case here that
 * is negative at run time must keep C's signed rounding. */
#include <camp.h>
#include <stdio.h>

#define N 1000

static void bump(int *p) restrict(amp) { *p -= 700; }

int main(void) {
    static int out[N][8];
    int k = -7, seven = 7;
    parallel_for_each(i, extent(N)) {
        int row = i / 10, col = i % 10;      /* non-negative */
        int neg = row - 50;                  /* may be negative */
        int later = i;                       /* assigned again below */
        int addressed = i;                   /* written through a pointer */
        out[i][0] = row * 100 + col;
        out[i][1] = neg / 3 + neg % 3;
        out[i][2] = (i * 3 + 1) % 16 + i / seven + i % seven;
        out[i][3] = i / k + i % k;           /* a negative divisor */
        later -= 500;
        out[i][4] = later / 3 + later % 3;
        bump(&addressed);
        out[i][5] = addressed / 4 + addressed % 4;
        int sum = 0;
        for (int j = 0; j < 3; j++) sum += (j - 1) * row;
        out[i][6] = sum / 5 + sum % 5;
        out[i][7] = (col & 6) / 3 + (i > 500 ? i : 3) % 11;
    }
    unsigned long long checksum = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 8; j++) checksum = checksum * 31 + (unsigned)out[i][j];
    printf("checksum %llu; row 999: %d %d %d %d %d %d %d %d\n", checksum, out[N - 1][0], out[N - 1][1],
           out[N - 1][2], out[N - 1][3], out[N - 1][4], out[N - 1][5], out[N - 1][6], out[N - 1][7]);
    printf("row 3: %d %d %d %d %d %d %d %d\n", out[3][0], out[3][1], out[3][2], out[3][3], out[3][4], out[3][5],
           out[3][6], out[3][7]);
    return 0;
}
