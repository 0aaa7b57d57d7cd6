// A thread that ends early (continue) skips the barriers after it, even
// behind a uniform && (t.tile); so do threads on the other side of a switch
// or ?: on t.global.
// expect-error: 16:9: tile barrier in control flow that depends on the thread's index
// expect-error: 17:37: call to 'wait_here', which waits at a tile barrier, in control flow
// expect-error: 21:17: call to 'wait_here', which waits at a tile barrier, in control flow
// expect-error: 24:42: call to 'wait_here', which waits at a tile barrier, in control flow
#include <camp.h>

static int wait_here(tile_barrier b) restrict(amp) { tile_barrier_wait(b); return 1; }

int main(void) {
    int a[64];
    parallel_for_each(t, tile(extent(64), 16)) {
        if (t.local == 3) continue;
        tile_barrier_wait(t.barrier);
        a[t.global] = t.tile > 0 && wait_here(t.barrier);
    }
    parallel_for_each(t, tile(extent(64), 16)) {
        switch (t.global % 2) {
        case 0: wait_here(t.barrier); break;
        default: break;
        }
        a[t.global] = t.global % 3 ? 1 : wait_here(t.barrier);
    }
    return a[0];
}
