// ...and only tile_static memory once no view can have been written before it (sync 5).
// RUN: --dump-ir=fences -c %s -o /dev/null
// CHECK: (sync 5)
// CHECK-NOT: (sync 7)
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
