// A captured half travels in the push constants, which need
// storagePushConstant16: on a device without it (masked) the kernel that
// captures one is refused at its line, naming the feature, and the float
// kernel beside it runs.
// env: CAMP_DEVICE_MASK_FEATURES=push_constant16
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    float f[8];
    for (int i = 0; i < 8; i++) f[i] = (float)i;
    parallel_for_each(i, extent(8)) {
        f[i] = f[i] * 3.0f;
    }
    printf("float kernel: %g; ", f[3]);
    half k = (half)0.5f;
    parallel_for_each(i, extent(8)) {
        f[i] = f[i] * k;
    }
    return f[3] != 9.0f;
}
// expect-abort: 24: the kernel needs 16-bit values among its captures (storagePushConstant16), which the device
// expect-handled: float kernel: 9; handled unsupported at line 24
