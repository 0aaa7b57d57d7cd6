/* The inside of a tiled kernel, for docs/tiling.md: doc_blocks.py puts a
 * fragment at the marker, where a tile of TS threads has filled its
 * tile_static array s and waited at its barrier. */
#include <camp.h>

#define TS 64

void tile_sums(int *data, int n) {
    array_view(data, n);
    parallel_for_each(t, tile(extent(n), TS)) {
        tile_static int s[TS];
        s[t.local] = data[t.global];
        tile_barrier_wait(t.barrier);
/* doc block */
        data[t.global] = s[0];
    }
    array_view_release(data);
}
