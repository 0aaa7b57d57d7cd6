// A kernel that uses double on a device without shaderFloat64 (masked):
// refused before the pipeline is made, naming the kernel's line.
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
    double a[8], b[8] = {0};
    for (int i = 0; i < 8; i++) a[i] = i * 0.5;
    parallel_for_each(i, extent(8)) {
        b[i] = a[i] * a[i];
    }
    return b[1] != 0.0;
}
// expect-abort: 17: the kernel needs double precision (shaderFloat64), which the device
// expect-handled: handled unsupported at line 17
