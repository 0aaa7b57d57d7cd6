// needs: shaderInt64
/* Locals reaching kernels of the program's own functions, as C code
 * passes them: two arrays side by side on the stack (one begins where the
 * other ends) passed to a launcher; a pointer into an array (`y + 4`,
 * `&y[1]`) and a row of a 2-D one; static local arrays, page-aligned one
 * after another; a static local reached through a pointer variable right
 * after a file-scope array; and, inside a launcher, host reads and writes
 * between and after its kernels (the locals are never page-guarded: their
 * data goes back after each kernel and in before each). */
#include <camp.h>
#include <stdio.h>

#define N 8
#define W 100
static int weights[8];

static void copy1(float dst[N], float src[N]) {
    parallel_for_each(i, extent(N)) { dst[i] = src[i] + 1.0f; }
}

static void scale(float *dst, const float *src, int n) {
    parallel_for_each(i, extent(n)) { dst[i] = 2.0f * src[i]; }
}

static int bump_then_read(int *a, int n) {
    parallel_for_each(i, extent(n)) { a[i] += 1; }
    int x = n * 2;
    return a[n - 1] + x; /* the kernel's result */
}

static void two_steps(int *out, int n) {
    parallel_for_each(i, extent(n)) { out[i] = i; }
    out[0] = 42; /* the next kernel sees it */
    parallel_for_each(i, extent(n)) { out[i] += 1; }
}

typedef struct {
    int changed, rounds;
} progress;

static int one_round(progress *pg, int n) {
    pg->changed = 0;
    parallel_for_each(i, extent(n)) {
        if (i == 3) pg->changed = 1;
    }
    int seen = pg->changed;
    pg->rounds++; /* kept when the call returns */
    return seen;
}

int main(void) {
    float a[N], b[N];
    for (int i = 0; i < N; i++) a[i] = (float)i;
    copy1(b, a);
    copy1(a, b);
    printf("%g %g %g %g\n", a[0], a[N - 1], b[0], b[N - 1]);

    float x[16], y[16], m[2][8];
    for (int i = 0; i < 16; i++) {
        x[i] = (float)i;
        y[i] = 0.0f;
        m[i / 8][i % 8] = (float)(100 + i);
    }
    scale(y + 4, x + 2, 4);
    scale(&y[1], &x[3], 2);
    scale(m[1], m[0], 8);
    printf("%g %g %g %g %g\n", y[1], y[2], y[4], y[7], m[1][7]);

    static float sa[1024], sb[1024];
    for (int i = 0; i < 1024; i++) sa[i] = (float)i;
    parallel_for_each(i, extent(1024)) { sa[i] += 1.0f; }
    scale(sb, sa, 1024);
    printf("%g %g\n", sb[0], sb[1023]);

    for (int i = 0; i < 8; i++) weights[i] = i + 1;
    static int dp2[2][W + 1];
    int(*dp)[W + 1] = dp2;
    for (int i = 0; i < 6; i++) {
        int from = i & 1, to = (i + 1) & 1, wt = weights[i];
        parallel_for_each(w, extent(W + 1)) { dp[to][w] = dp[from][w] + wt; }
    }
    printf("%d %d\n", dp[0][0], dp[0][W]);

    int c[16] = {0}, out[8];
    progress pg = {5, 10};
    int ra = bump_then_read(c, 16);
    two_steps(out, 8);
    int seen = one_round(&pg, 8);
    printf("%d %d %d %d %d %d\n", ra, out[0], out[1], seen, pg.changed, pg.rounds);
    return 0;
}
