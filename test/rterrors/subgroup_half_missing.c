// Subgroup operations on half need shaderSubgroupExtendedTypes: where the
// device lacks it (masked, so it is not enabled either and the validation
// layer would report the module), a float reduction runs and the half one
// is refused, at its own line.
// env: CAMP_DEVICE_MASK_FEATURES=subgroup_extended_types
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
    for (int i = 0; i < 8; i++) f[i] = 1.0f, h[i] = (half)1.0f;
    parallel_for_each(i, extent(8)) {
        f[i] = subgroup_reduce_max(f[i]);
    }
    printf("float kernel: %g; ", f[7]);
    parallel_for_each(i, extent(8)) {
        h[i] = subgroup_reduce_max(h[i]);
    }
    return f[7] != 1.0f;
}
// expect-abort: 24: the kernel needs subgroup operations on half or 64-bit integers (shaderSubgroupExtendedTypes), which the device
// expect-handled: float kernel: 1; handled unsupported at line 24
