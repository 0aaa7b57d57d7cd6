// needs: shaderInt64
// test: tiled
/* tiled_index members in rank 1, 2 and 3 with odd tile sizes: every thread
 * records t.global, t.local, t.tile, t.tile_origin and t.tile_extent, and
 * the host checks the identities global = tile_origin + local,
 * tile_origin = tile * tile_extent, and each against its definition. */
#include <camp.h>
#include <stdio.h>

static int bad;

static void expect(const char *what, int i, int got, int want) {
    if (got != want && bad++ < 10) printf("%s at %d: got %d, want %d\n", what, i, got, want);
}

int main(void) {
    /* rank 1: 35 threads in tiles of 7 */
    int g1[35], l1[35], t1[35], o1[35], e1[35];
    parallel_for_each(t, tile(extent(35), 7)) {
        g1[t.global] = t.global;
        l1[t.global] = t.local;
        t1[t.global] = t.tile;
        o1[t.global] = t.tile_origin;
        e1[t.global] = t.tile_extent;
    }
    for (int i = 0; i < 35; i++) {
        expect("rank 1 global", i, g1[i], i);
        expect("rank 1 local", i, l1[i], i % 7);
        expect("rank 1 tile", i, t1[i], i / 7);
        expect("rank 1 tile_origin", i, o1[i], i / 7 * 7);
        expect("rank 1 tile_extent", i, e1[i], 7);
    }

    /* rank 2: 9 x 10 in tiles of 3 x 5 (component 0 is the row) */
    int g2[9][10], l2[9][10], t2[9][10], o2[9][10], e2[9][10];
    parallel_for_each(t, tile(extent(9, 10), 3, 5)) {
        int r = t.global[0], c = t.global[1];
        g2[r][c] = t.global[0] * 100 + t.global[1];
        l2[r][c] = t.local[0] * 100 + t.local[1];
        t2[r][c] = t.tile[0] * 100 + t.tile[1];
        o2[r][c] = t.tile_origin[0] * 100 + t.tile_origin[1];
        e2[r][c] = t.tile_extent[0] * 100 + t.tile_extent[1];
        if (t.global[0] != t.tile_origin[0] + t.local[0] || t.tile_origin[1] != t.tile[1] * t.tile_extent[1])
            g2[r][c] = -1;
    }
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 10; c++) {
            int i = r * 10 + c;
            expect("rank 2 global", i, g2[r][c], r * 100 + c);
            expect("rank 2 local", i, l2[r][c], r % 3 * 100 + c % 5);
            expect("rank 2 tile", i, t2[r][c], r / 3 * 100 + c / 5);
            expect("rank 2 tile_origin", i, o2[r][c], r / 3 * 300 + c / 5 * 5);
            expect("rank 2 tile_extent", i, e2[r][c], 305);
        }

    /* rank 3: 6 x 6 x 10 in tiles of 3 x 2 x 5 */
    static int g3[6][6][10], l3[6][6][10], t3[6][6][10], o3[6][6][10];
    parallel_for_each(t, tile(extent(6, 6, 10), 3, 2, 5)) {
        int3 g = t.global;
        g3[g[0]][g[1]][g[2]] = g[0] * 10000 + g[1] * 100 + g[2];
        l3[g[0]][g[1]][g[2]] = t.local[0] * 10000 + t.local[1] * 100 + t.local[2];
        t3[g[0]][g[1]][g[2]] = t.tile[0] * 10000 + t.tile[1] * 100 + t.tile[2];
        o3[g[0]][g[1]][g[2]] = t.tile_origin[0] * 10000 + t.tile_origin[1] * 100 + t.tile_origin[2] +
                               (t.tile_extent[0] == 3 && t.tile_extent[1] == 2 && t.tile_extent[2] == 5 ? 0 : 1000000);
    }
    for (int z = 0; z < 6; z++)
        for (int y = 0; y < 6; y++)
            for (int x = 0; x < 10; x++) {
                int i = (z * 6 + y) * 10 + x;
                expect("rank 3 global", i, g3[z][y][x], z * 10000 + y * 100 + x);
                expect("rank 3 local", i, l3[z][y][x], z % 3 * 10000 + y % 2 * 100 + x % 5);
                expect("rank 3 tile", i, t3[z][y][x], z / 3 * 10000 + y / 2 * 100 + x / 5);
                expect("rank 3 tile_origin", i, o3[z][y][x], z / 3 * 30000 + y / 2 * 200 + x / 5 * 5);
            }
    printf("tiled_index members: %s\n", bad ? "MISMATCH" : "ok for ranks 1, 2, 3");
    return bad != 0;
}
