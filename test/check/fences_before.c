// A barrier fences views and tile_static memory as lowered (sync 7)...
// RUN: --dump-ir=lowering -c %s -o /dev/null
// CHECK: (sync 7)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[64] = {0};
    parallel_for_each(t, tile(extent(64), 16)) {
        tile_static int buf[16];
        buf[t.local] = 1;
        tile_barrier_wait(t.barrier);
        v[t.global] = buf[0];
    }
    return v[0];
}
