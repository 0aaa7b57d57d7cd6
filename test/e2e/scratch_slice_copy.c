// needs: shaderInt64
/* Scratch arrays declared at the top of the function, as C89 declares
 * them, that the kernel fills whole from a slice of its input by a loop
 * from a start it reads (`for (j = lo[v]; j < lo[v] + K; j++) tmp[j -
 * lo[v]] = vals[j];`), then reads by the data's values: each thread's
 * own (was: one array the threads shared, and most results wrong).
 * Against the serial run. */
#include <camp.h>
#include <stdio.h>

#define N 2048
#define K 5

int main(void) {
    static int lo[N], vals[N + K], out[N], want[N];
    int tmp[K], j, a, m, bad = 0;
    for (int i = 0; i < N + K; i++) vals[i] = (i * 7919) % 1009;
    for (int v = 0; v < N; v++) lo[v] = (v * 13) % N;
    parallel_for_each(v, extent(N)) {
        for (j = lo[v]; j < lo[v] + K; j++) tmp[j - lo[v]] = vals[j];
        for (a = 1, m = 0; a < K; a++)
            if (tmp[a] > tmp[m]) m = a;
        out[v] = tmp[m] * 4 + tmp[tmp[0] % K] + tmp[(v * 3) % K];
    }
    for (int v = 0; v < N; v++) {
        for (j = lo[v]; j < lo[v] + K; j++) tmp[j - lo[v]] = vals[j];
        for (a = 1, m = 0; a < K; a++)
            if (tmp[a] > tmp[m]) m = a;
        want[v] = tmp[m] * 4 + tmp[tmp[0] % K] + tmp[(v * 3) % K];
    }
    for (int v = 0; v < N; v++)
        if (out[v] != want[v] && bad++ < 3) printf("out[%d] = %d, expected %d\n", v, out[v], want[v]);
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
