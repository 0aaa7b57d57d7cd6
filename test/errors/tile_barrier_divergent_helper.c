// In a helper, a barrier under a condition on a parameter that some call
// passes t.local: the threads of a tile diverge inside the helper.
// expect-error: 8:9: tile barrier in control flow that depends on the thread's index
#include <camp.h>

static void maybe_wait(tile_barrier b, int who) restrict(amp) {
    if (who == 0)
        tile_barrier_wait(b);
}

int main(void) {
    int a[64];
    parallel_for_each(t, tile(extent(64), 16)) {
        maybe_wait(t.barrier, t.tile); /* uniform here */
        maybe_wait(t.barrier, t.local); /* but not here */
        a[t.global] = 1;
    }
    return a[0];
}
