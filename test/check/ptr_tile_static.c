// A pointer into a tile_static array is an offset into it.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl tile_static buf: int[16]
// CHECK: decl p: int * = (decay buf) ; points into buf (its elements)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[64] = {0};
    parallel_for_each(t, tile(extent(64), 16)) {
        tile_static int buf[16];
        buf[t.local] = t.global;
        tile_barrier_wait(t.barrier);
        int *p = buf;
        v[t.global] = p[15 - t.local];
    }
    return v[0];
}
