// needs: shaderInt64
/* Scratch arrays declared at the top of the function, as C89 declares
 * them, that the kernel begins by writing whole in one loop together
 * (`for (c = 0; c < K; c++) { cnt[c] = 0; seen[c] = 0; }`, a statement
 * before them that names neither) and then indexes by data: each thread's
 * own, as each written in a loop of its own is (was: both one array the
 * threads shared, and every count wrong). The host reuses them for its
 * check, writing them whole the same way first. Against the serial run. */
#include <camp.h>
#include <stdio.h>

#define N 256
#define K 8

int main(void) {
    int key[N], out[N], bad = 0;
    int cnt[K], seen[K], last[K];
    int c, marks;
    for (int i = 0; i < N; i++) key[i] = (i * 7) % K;
    parallel_for_each(i, extent(N)) {
        for (c = 0; c < K; c++) {
            marks = 0;
            cnt[c] = 0;
            seen[c] = 0;
            last[c] = -1;
        }
        for (int r = 0; r < 3; r++) {
            int k = (key[i] + r * r) % K;
            cnt[k] += 1;
            seen[k] = 1;
            last[k] = r;
        }
        int s = 0;
        for (c = 0; c < K; c++) s += cnt[c] * 100 + seen[c] * 10 + last[c];
        out[i] = s;
    }
    for (int i = 0; i < N; i++) {
        for (c = 0; c < K; c++) { /* the host reuses them, written whole first: no kernel's values read */
            cnt[c] = 0;
            seen[c] = 0;
            last[c] = -1;
        }
        for (int r = 0; r < 3; r++) {
            int k = (key[i] + r * r) % K;
            cnt[k] += 1, seen[k] = 1, last[k] = r;
        }
        int s = 0;
        for (c = 0; c < K; c++) s += cnt[c] * 100 + seen[c] * 10 + last[c];
        if (out[i] != s && bad++ < 5) printf("out[%d] = %d, want %d\n", i, out[i], s);
    }
    printf("%d wrong, out[1] %d\n", bad, out[1]);
    return bad != 0;
}
