// Barriers in loops whose trip count, or whose early exit, depends on the thread.
// expect-error: 11:13: tile barrier in control flow that depends on the thread's index
// expect-error: 15:13: tile barrier in control flow that depends on the thread's index
// expect-error: 20:13: tile barrier in control flow that depends on the thread's index
#include <camp.h>

int main(void) {
    int a[64];
    parallel_for_each(t, tile(extent(64), 16)) {
        for (int i = 0; i < t.local; i++)
            tile_barrier_wait(t.barrier);
        int k = 0;
        while (k < 4) {
            if (a[t.global] > 3) break;
            tile_barrier_wait_with_tile_static_memory_fence(t.barrier);
            k++;
        }
        do {
            k--;
            tile_barrier_wait(t.barrier);
        } while (k > t.local);
        a[t.global] = k;
    }
    return a[0];
}
