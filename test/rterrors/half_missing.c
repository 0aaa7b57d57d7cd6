// half on a device without shaderFloat16 (masked, so the feature is not
// enabled either and the validation layer would report a module that
// declares it): the float kernel beside it runs, with neither Float16 nor
// the half rounding mode in its module; the half kernel is refused at its
// own line.
// env: CAMP_DEVICE_MASK_FEATURES=float16
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
    half h[8];
    for (int i = 0; i < 8; i++) f[i] = (float)i, h[i] = (half)i;
    parallel_for_each(i, extent(8)) {
        f[i] = f[i] * 2.0f + 1.0f;
    }
    printf("float kernel: %g; ", f[3]);
    parallel_for_each(i, extent(8)) {
        h[i] = h[i] * (half)0.5f;
    }
    return f[3] != 7.0f;
}
// expect-abort: 25: the kernel needs half-precision floats (shaderFloat16, storageBuffer16BitAccess, shaderRoundingModeRTEFloat16), which the device
// expect-handled: float kernel: 7; handled unsupported at line 25
