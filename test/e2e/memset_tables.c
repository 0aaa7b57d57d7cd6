// needs: shaderInt64 shaderInt8
/* memset over a table of rows in a kernel, as dynamic programming fills
 * one with INF (`memset(dp, 0x3f, sizeof dp)`, each int 0x3f3f3f3f): the
 * rows are set as the scalars they hold, for any byte of an integer
 * table and byte 0 of a float one (was: refused for a byte other than 0,
 * "sets elements of 'int[4]'"). Against the serial run. */
#include <camp.h>
#include <stdio.h>
#include <string.h>

#define N 64

static int shortest(int id) restrict(cpu, amp) {
    int dp[4][4];
    float w[3][2];
    unsigned char mark[2][3][2];
    memset(dp, 0x3f, sizeof dp);
    memset(w, 0, sizeof w);
    memset(mark, 0xff, sizeof mark);
    dp[0][0] = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            int cost = (id * 7 + i * 3 + j * 5) % 9;
            if (i) dp[i][j] = dp[i][j] < dp[i - 1][j] + cost ? dp[i][j] : dp[i - 1][j] + cost;
            if (j) dp[i][j] = dp[i][j] < dp[i][j - 1] + cost ? dp[i][j] : dp[i][j - 1] + cost;
        }
    w[id % 3][id % 2] += 1.5f;
    mark[id % 2][id % 3][1] = (unsigned char)id;
    return dp[3][3] + (dp[1][0] == 0x3f3f3f3f) + (int)(w[0][0] * 2) + mark[1][2][0] + mark[0][0][1];
}

int main(void) {
    int out[N], bad = 0;
    parallel_for_each(i, extent(N)) { out[i] = shortest(i); }
    for (int i = 0; i < N; i++)
        if (out[i] != shortest(i) && bad++ < 3) printf("out[%d] = %d, expected %d\n", i, out[i], shortest(i));
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
