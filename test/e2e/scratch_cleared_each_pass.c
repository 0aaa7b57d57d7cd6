// needs: shaderInt64
/* Scratch arrays declared at the top of the function, as C89 declares
 * them, that each pass of a loop in the kernel begins by clearing whole
 * (`for (v = 0; v < 4; v++) seen[v] = 0;`, or a memset) and then marks and
 * reads by the pass's values, a mex as Sprague-Grundy numbers take it:
 * each thread's own for the rest of the pass (was: one array the threads
 * shared, and nearly every value wrong). Against the serial run. */
#include <camp.h>
#include <stdio.h>
#include <string.h>

#define N 1024
#define K 5

int main(void) {
    int n, v, seen[K], marks[K], out[N], want[N], bad = 0;
    static int table[K] = {3, 1, 4, 1, 5};
    parallel_for_each(id, extent(N)) {
        int r = 0;
        for (n = 0; n < 3; n++) {
            for (v = 0; v < K; v++) seen[v] = 0;
            memset(marks, 0, sizeof marks);
            seen[(id + n) % 4] = 1;
            seen[(id * 7 + n) % 3] = 1;
            marks[(id >> n) % K] += 2;
            v = 0;
            while (v < K && seen[v]) v++;
            r = r * 8 + v + marks[(id >> n) % K];
        }
        out[id] = r + table[id % K];
    }
    for (int id = 0; id < N; id++) {
        int r = 0;
        for (n = 0; n < 3; n++) {
            for (v = 0; v < K; v++) seen[v] = 0;
            memset(marks, 0, sizeof marks);
            seen[(id + n) % 4] = 1;
            seen[(id * 7 + n) % 3] = 1;
            marks[(id >> n) % K] += 2;
            v = 0;
            while (v < K && seen[v]) v++;
            r = r * 8 + v + marks[(id >> n) % K];
        }
        want[id] = r + table[id % K];
    }
    for (int i = 0; i < N; i++)
        if (out[i] != want[i] && bad++ < 3) printf("out[%d] = %d, expected %d\n", i, out[i], want[i]);
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
