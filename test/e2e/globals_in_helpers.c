// needs: shaderInt64
/* restrict(amp) functions use the program's globals as kernels do, with
 * no parameter for them: arrays of one and two dimensions, scalars and
 * small structs by value, a large struct and a large constant table as
 * views, counters and flags the functions write (shared with the host),
 * a pointer into a view, through calls of calls, from two kernels, and
 * in a function the host calls too (globals_in_helpers_tiled.c: from a
 * tiled kernel). */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
// also: units/globals_in_helpers_other.c

#define N 4096
#define R 48
#define C 40

float in[N], out[N];
float grid[R][C], grid_out[R][C];
int hits;
int overflowed;
struct params { float scale, bias; } prm = {2.0f, 1.0f};
struct weights { float w[100]; int n; } wts; /* over 256 bytes: shared, not copied */
static const int big_table[20000] = {[0] = 1, [5003] = 3, [19999] = 7};
float *samples;
extern int other_unit_offsets[8]; /* defined in the other unit */

static float affine(float x) restrict(amp) { return x * prm.scale + prm.bias; }
static float input(int i) restrict(amp) { return affine(in[i]); } /* a call of a call */
static void tally(float v) restrict(amp) {
    if (v > 100.0f) camp_atomic_fetch_add(&hits, 1);
    if (v > 8000.0f) overflowed = 1;
}
static float weighted(int i) restrict(amp) { return wts.w[i % 100] * (float)wts.n; }
static float stencil(int r, int c) restrict(amp) {
    float s = grid[r][c];
    if (r > 0) s += grid[r - 1][c];
    if (c > 0) s += grid[r][c - 1];
    return s;
}
static void put(int r, int c, float v) restrict(amp) { grid_out[r][c] = v; }
static int table(int i) restrict(amp) { return big_table[i] + other_unit_offsets[i % 8]; }
static float sample(int i) restrict(amp) { return samples[i]; }
static float plus_one(int i) restrict(cpu, amp) { return in[i] + 1.0f; }

int main(void) {
    for (int i = 0; i < N; i++) in[i] = (float)i;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) grid[r][c] = (float)r * 0.5f + (float)c;
    for (int i = 0; i < 100; i++) wts.w[i] = (float)i * 0.25f;
    wts.n = 3;
    samples = malloc(N * sizeof *samples);
    for (int i = 0; i < N; i++) samples[i] = (float)i * 3.0f;
    array_view(samples, N);

    parallel_for_each(i, extent(N)) {
        float v = input(i);
        tally(v);
        out[i] = v + weighted(i) + (float)table(i * 4 + 3) + sample(i) + plus_one(i);
    }
    parallel_for_each(ix, extent(R, C)) { put(ix[0], ix[1], stencil(ix[0], ix[1])); }
    array_view_synchronize(samples);

    double sum = 0, grid_sum = 0;
    for (int i = 0; i < N; i++) sum += out[i];
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) grid_sum += grid_out[r][c];
    printf("out %.1f grid %.1f hits %d overflowed %d on the host %.1f\n", sum, grid_sum, hits,
           overflowed, plus_one(7));
    printf("out[0] %.2f out[1250] %.2f out[N-1] %.2f\n", out[0], out[1250], out[N - 1]);
    free(samples);
    return 0;
}
