/* More tile_static memory than the device has (Vulkan guarantees 16 KiB;
 * lavapipe has 32 KiB, NVIDIA 48 KiB): a run-time error naming the line. */
// expect-runtime-error: 9: the kernel's tile_static variables take 262144 bytes
#include <camp.h>
#include <stdio.h>

int main(void) {
    float out[64];
    parallel_for_each(t, tile(extent(64), 64)) {
        tile_static float big[65536];
        big[t.local * 1024] = (float)t.global;
        tile_barrier_wait(t.barrier);
        out[t.global] = big[((t.local + 1) % 64) * 1024];
    }
    printf("not reached: %g\n", out[0]);
    return 0;
}
