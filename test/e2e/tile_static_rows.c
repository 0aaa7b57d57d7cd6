// needs: shaderInt64
// test: tiled
/* Rows and members of tile_static variables passed to amp functions by
 * pointer: each thread fills its own row of a 2-D tile_static array
 * through a helper that passes the row's second half further down, the
 * tile waits, then each thread holds its neighbour's row in a pointer
 * variable (`const int *next = rows[...]`) and reads it through a helper,
 * adds into a member of a tile_static struct by atomics (&block.sums[k])
 * and into an element inside a row (&grid[r][c]) passed as a pointer.
 * Every value against the host's, computed by plain indexing. */
#include <camp.h>
#include <stdio.h>

enum { TS = 16, W = 8, N = TS * 4, TILES = N / TS };

typedef struct block {
    int sums[4];
    int grid[4][TS];
} block;

static void fill_half(int *half, int n, int from) restrict(amp) {
    for (int j = 0; j < n; j++) half[j] = from + j;
}

static void fill_row(int *row, int n, int from) restrict(amp) {
    fill_half(row, n / 2, from);
    fill_half(row + n / 2, n - n / 2, 1000 + from);
}

static int weighted(const int *row, int n) restrict(amp) {
    int total = 0;
    for (int j = 0; j < n; j++) total += row[j] * (j + 1);
    return total;
}

static void add(int *at, int v) restrict(amp) { camp_atomic_fetch_add(at, v); }

int main(void) {
    int neighbour[N], sums[TILES][4], grid[TILES][4][TS];
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int rows[TS][W];
        tile_static block b;
        if (t.local < 4) b.sums[t.local] = 0;
        for (int r = 0; r < 4; r++) b.grid[r][t.local] = 0;
        fill_row(rows[t.local], W, t.global * 10);
        tile_barrier_wait(t.barrier);
        const int *next = rows[(t.local + 1) % TS];
        neighbour[t.global] = weighted(next, W) + next[W - 1] - rows[(t.local + 1) % TS][W - 1];
        add(&b.sums[t.local % 4], t.global);
        add(&b.grid[t.local % 4][(t.local * 3) % TS], t.local + 1);
        tile_barrier_wait(t.barrier);
        if (t.local < 4) sums[t.tile][t.local] = b.sums[t.local];
        for (int r = 0; r < 4; r++) grid[t.tile][r][t.local] = b.grid[r][t.local];
    }
    int bad = 0;
    for (int g = 0; g < N; g++) {
        int tile = g / TS, other = tile * TS + (g % TS + 1) % TS, want = 0;
        for (int j = 0; j < W; j++) want += (j < W / 2 ? other * 10 + j : 1000 + other * 10 + j - W / 2) * (j + 1);
        if (neighbour[g] != want) bad++, printf("neighbour[%d] = %d, expected %d\n", g, neighbour[g], want);
    }
    for (int tile = 0; tile < TILES; tile++) {
        int want_sums[4] = {0}, want_grid[4][TS] = {{0}};
        for (int l = 0; l < TS; l++) {
            want_sums[l % 4] += tile * TS + l;
            want_grid[l % 4][(l * 3) % TS] += l + 1;
        }
        for (int k = 0; k < 4; k++)
            if (sums[tile][k] != want_sums[k]) bad++, printf("sums[%d][%d] = %d, expected %d\n", tile, k, sums[tile][k], want_sums[k]);
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < TS; c++)
                if (grid[tile][r][c] != want_grid[r][c]) bad++;
    }
    printf("%s\n", bad ? "wrong" : "tile_static rows and members through pointers: right");
    return bad != 0;
}
