// Each kernel needs only what it uses: on a device without shaderFloat64
// (masked, so the feature is not enabled either and the validation layer
// would report a module that declares it), the float kernel of a file
// runs and the double kernel beside it is refused, at its own line.
// env: CAMP_DEVICE_MASK_FEATURES=float64
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
    double d[8];
    for (int i = 0; i < 8; i++) f[i] = (float)i, d[i] = i;
    parallel_for_each(i, extent(8)) {
        f[i] = f[i] * 2.0f + 1.0f;
    }
    printf("float kernel: %g; ", f[3]);
    parallel_for_each(i, extent(8)) {
        d[i] = d[i] * 0.5;
    }
    return f[3] != 7.0f;
}
// expect-abort: 24: the kernel needs double precision (shaderFloat64), which the device
// expect-handled: float kernel: 7; handled unsupported at line 24
