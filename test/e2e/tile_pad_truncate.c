// needs: shaderInt64
// test: tiled
/* tile_pad runs whole tiles over a padded extent: the extra threads have
 * indices beyond the extent (C++ AMP's pad), so the kernel guards its
 * writes. tile_truncate drops the remainder. Ranks 1 and 2; an extent that
 * is already a multiple is unchanged by either. */
#include <camp.h>
#include <stdio.h>

static int bad;

static void expect(const char *what, int got, int want) {
    if (got != want && bad++ < 10) printf("%s: got %d, want %d\n", what, got, want);
}

int main(void) {
    int n = 10;
    int threads[1] = {0}, highest[1] = {0}, seen[16] = {0};
    parallel_for_each(t, tile_pad(tile(extent(n), 4))) {
        camp_atomic_fetch_inc(&threads[0]);
        camp_atomic_fetch_max(&highest[0], t.global);
        if (t.global < n) seen[t.global] = t.tile + 1;
    }
    expect("pad 10 by 4: threads", threads[0], 12);
    expect("pad 10 by 4: highest global", highest[0], 11);
    for (int i = 0; i < 16; i++) expect("pad 10 by 4: written", seen[i], i < 10 ? i / 4 + 1 : 0);

    int truncated[12] = {0};
    threads[0] = 0;
    parallel_for_each(t, tile_truncate(tile(extent(n), 4))) {
        camp_atomic_fetch_inc(&threads[0]);
        truncated[t.global] = 1;
    }
    expect("truncate 10 by 4: threads", threads[0], 8);
    for (int i = 0; i < 12; i++) expect("truncate 10 by 4: written", truncated[i], i < 8);

    int rows = 7, cols = 10;
    int grid[8][12] = {{0}}, count[2] = {0, 0};
    parallel_for_each(t, tile_pad(tile(extent(rows, cols), 4, 3))) {
        camp_atomic_fetch_inc(&count[0]);
        if (t.global[0] < rows && t.global[1] < cols) grid[t.global[0]][t.global[1]] += 1;
    }
    parallel_for_each(t, tile_truncate(tile(extent(rows, cols), 4, 3))) {
        camp_atomic_fetch_inc(&count[1]);
        grid[t.global[0]][t.global[1]] += 10;
    }
    expect("pad 7x10 by 4x3: threads", count[0], 8 * 12);
    expect("truncate 7x10 by 4x3: threads", count[1], 4 * 9);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 12; c++)
            expect("7x10 grid", grid[r][c], (r < 7 && c < 10) + (r < 4 && c < 9) * 10);

    int exact[8] = {0};
    parallel_for_each(t, tile_pad(tile(extent(8), 4))) { exact[t.global] = 1; }
    parallel_for_each(t, tile_truncate(tile(extent(8), 4))) { exact[t.global] += 1; }
    for (int i = 0; i < 8; i++) expect("multiple of the tile", exact[i], 2);
    printf("tile_pad and tile_truncate: %s\n", bad ? "MISMATCH" : "ok");
    return bad != 0;
}
