// A 64-bit atomic on a device without shaderBufferInt64Atomics (masked):
// the launch is refused at the kernel's line, naming the feature.
// env: CAMP_DEVICE_MASK_FEATURES=int64_atomics
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    unsigned long long total[1] = {0};
    parallel_for_each(i, extent(64)) {
        camp_atomic_fetch_add(&total[0], 1ull << 40);
    }
    return 0; // the kernel did not run: its error is what is checked
}
// expect-abort: 16: the kernel needs atomics on 64-bit integers and doubles in views and arrays (shaderBufferInt64Atomics), which the device
// expect-handled: handled unsupported at line 16
