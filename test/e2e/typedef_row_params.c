// needs: shaderFloat64 shaderInt64
/* Helper parameters whose rows come from an array typedef, as mechanics
 * code writes them: `const mat3 m` (a pointer to rows of 3 doubles),
 * `const vec3 *x`, `row_t *m`; their rows' lengths are the typedef's. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

typedef double vec3[3];
typedef double mat3[3][3];
typedef int row_t[4];

static void matvec(const mat3 m, const vec3 v, vec3 out) restrict(cpu, amp) {
    for (int r = 0; r < 3; r++) out[r] = m[r][0] * v[0] + m[r][1] * v[1] + m[r][2] * v[2];
}

static double length2(const vec3 *x) restrict(cpu, amp) { return (*x)[0] * (*x)[0] + (*x)[1] * (*x)[1] + (*x)[2] * (*x)[2]; }

static int row_sum(const row_t *m, int r) restrict(cpu, amp) { return m[r][0] + m[r][1] + m[r][2] + m[r][3]; }

int main(void) {
    enum { N = 20 };
    mat3 *R = malloc(N * sizeof *R);
    vec3 *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    double *len = malloc(N * sizeof *len);
    row_t *rows = malloc(N * sizeof *rows);
    int *sums = malloc(N * sizeof *sums);
    if (!R || !x || !y || !len || !rows || !sums) return 1;
    for (int i = 0; i < N; i++)
        for (int a = 0; a < 4; a++) {
            rows[i][a] = i * a;
            if (a == 3) continue;
            x[i][a] = i + a;
            for (int b = 0; b < 3; b++) R[i][a][b] = (a == b) * 2.0 + 0.1 * b + 0.01 * i;
        }
    array_view(R, N);
    array_view(x, N);
    array_view(y, N);
    array_view(len, N);
    array_view(rows, N);
    array_view(sums, N);
    parallel_for_each(i, extent(N)) {
        matvec(R[i], x[i], y[i]);
        len[i] = length2(&y[i]);
        sums[i] = row_sum(rows, i);
    }
    printf("%.6f %.6f %.6f %d %d\n", y[3][0], y[N - 1][2], len[7], sums[1], sums[N - 1]);
    free(R);
    free(x);
    free(y);
    free(len);
    free(rows);
    free(sums);
    return 0;
}
