/* Pointers into rows of local arrays of arrays step over the rows as C
 * lays them out: a JPEG-style column pass over a local 8x8 block through
 * `&m[0][c]` with a stride of 8, a flat walk over a 3-D array from
 * `&m[0][0][0]`, a row pointer reaching back into the previous row,
 * rows of structs, and a helper given a row that reads past it. Printed
 * for comparison with the serial build. */
#include <camp.h>
#include <stdio.h>

#define N 16

typedef struct {
    int a;
    float b;
} pair;

static void column_pass(float *p, int stride, int n) restrict(cpu, amp) {
    for (int i = 1; i < n; i++) p[i * stride] += 0.5f * p[(i - 1) * stride];
}

static float sum_n(const float *p, int n) restrict(cpu, amp) {
    float s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    return s;
}

int main(void) {
    float block_out[N], walk[N], back[N], structs[N];
    parallel_for_each(t, extent(N)) {
        int i = t;
        float m[8][8];
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++) m[r][c] = (float)((r * 8 + c + i) % 11);
        for (int c = 0; c < 8; c++) column_pass(&m[0][c], 8, 8);
        float s = 0;
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++) s += m[r][c] * (float)(r + 1);
        block_out[i] = s;

        float q[2][3][4];
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 3; b++)
                for (int c = 0; c < 4; c++) q[a][b][c] = (float)(a * 100 + b * 10 + c + i);
        float *p = &q[0][0][0];
        float w = 0;
        for (int k = 0; k < 24; k++) w += p[k] * (float)(k % 5);
        walk[i] = w + sum_n(q[0][2], 8); /* q[0][2] and q[1][0] */

        float *row = q[1][1];
        back[i] = row[-1] + row[4] + *(row + 5); /* q[1][0][3], q[1][2][0], q[1][2][1] */

        pair pr[3][2];
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 2; b++) pr[a][b] = (pair){a * 2 + b + i, 0.25f * (float)(a * 2 + b)};
        pair *pp = pr[0];
        float ps = 0;
        for (int k = 0; k < 6; k++) ps += pp[k].b * (float)pp[k].a;
        structs[i] = ps;
    }
    for (int i = 0; i < N; i++) printf("%d: %g %g %g %g\n", i, block_out[i], walk[i], back[i], structs[i]);
    return 0;
}
