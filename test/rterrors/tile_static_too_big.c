// More tile_static memory than the device has (Vulkan guarantees 16 KiB;
// lavapipe has 32 KiB, NVIDIA 48 KiB): a run-time error naming the line and
// both sizes, the kernel's and the device's; a handler gets it instead of
// abort().
#include <camp.h>
#include <stdio.h>
#include <string.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    const char *allows = strstr(e->message, "allows ");
    unsigned device_bytes = 0;
    bool both = strstr(e->message, "take 262144 bytes; the device ") && allows &&
                sscanf(allows, "allows %u (maxComputeSharedMemorySize)", &device_bytes) == 1 &&
                device_bytes >= 16384 && device_bytes < 262144;
    printf("handled %s at line %u, %s\n", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "OTHER", e->line,
           both ? "with both sizes" : "WITHOUT both sizes");
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    float out[64] = {0};
    parallel_for_each(t, tile(extent(64), 64)) {
        tile_static float big[65536];
        big[t.local * 1024] = (float)t.global;
        tile_barrier_wait(t.barrier);
        out[t.global] = big[((t.local + 1) % 64) * 1024] + 1.0f;
    }
    printf("out[0] = %g (the kernel did not run)\n", out[0]);
    return out[0] != 0.0f;
}
// expect-abort: 24: the kernel's tile_static variables take 262144 bytes
// expect-handled: handled unsupported at line 24, with both sizes
