// tile_static in host code, at file scope and in main: memory no tile
// shares (camp.h's serial build would make plain statics of it). The
// tiled kernel's own and the restrict(amp) helper's are right.
// expect-error: 8:17: tile_static variable 'table' in host code: tile_static memory is shared by the threads of a tile, and is declared in a tiled kernel or a restrict(amp) function
// expect-error: 19:21: tile_static variable 'scratch' in host code: tile_static memory is shared by the threads of a tile, and is declared in a tiled kernel or a restrict(amp) function
#include <camp.h>

tile_static int table[16];

static int staged(int v, tile_barrier b) restrict(amp) {
    tile_static int slot[1];
    slot[0] = v;
    tile_barrier_wait(b);
    return slot[0];
}

int main(void) {
    int out[64];
    tile_static int scratch[4];
    scratch[0] = 1;
    parallel_for_each(t, tile(extent(64), 16)) {
        tile_static int mine[16];
        mine[t.local] = t.global;
        tile_barrier_wait(t.barrier);
        out[t.global] = staged(mine[15 - t.local], t.barrier);
    }
    return out[0] + scratch[0] + table[0];
}
