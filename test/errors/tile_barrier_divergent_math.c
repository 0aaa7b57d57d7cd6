// A barrier under a condition on a math function of t.local; of t.tile it is fine.
// expect-error: 10:23: tile barrier in control flow that depends on the thread's index
#include <camp.h>
#include <math.h>

int main(void) {
    float a[64];
    parallel_for_each(t, tile(extent(64), 16)) {
        float f = sqrtf((float)t.local);
        if (f > 2.0f) tile_barrier_wait(t.barrier);
        float g = fast_math_sqrt((float)t.tile);
        if (g > 1.0f) tile_barrier_wait(t.barrier);
        a[t.global] = f + g;
    }
    return (int)a[0];
}
