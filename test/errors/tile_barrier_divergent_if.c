// A barrier under a condition on t.local: threads of a tile take different paths.
// expect-error: 15:9: tile barrier in control flow that depends on the thread's index
// expect-error: 21:13: tile barrier in control flow that depends on the thread's index
// expect-error: 27:25: tile barrier in control flow that depends on the thread's index
// expect-error: 29:28: tile barrier in control flow that depends on the thread's index
#include <camp.h>

typedef struct pair { int a, b; } pair;

int main(void) {
    int a[64];
    parallel_for_each(t, tile(extent(64), 16)) {
        a[t.global] = t.local;
        if (t.local < 8)
        tile_barrier_wait(t.barrier);
        /* derived through locals */
        int half = t.global / 2;
        int odd = half % 2;
        int flag = odd ? 1 : 0;
        if (flag)
            tile_barrier_wait_with_global_memory_fence(t.barrier);
        /* t.tile is the same for the whole tile: accepted */
        if (t.tile > 1) tile_barrier_wait(t.barrier);
        /* through a local array's element and a struct's member */
        int arr[2] = {0, t.tile};
        arr[0] = t.local;
        if (arr[0] > 2) tile_barrier_wait(t.barrier);
        pair st = {t.tile, t.local};
        while (st.b-- > 0) tile_barrier_wait(t.barrier);
    }
    return a[0];
}
