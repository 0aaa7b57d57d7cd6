// char vectors on a device without shaderInt8 (masked): the launch is
// refused at the kernel's line, naming the feature, rather than building a
// module the device cannot run.
// env: CAMP_DEVICE_MASK_FEATURES=int8
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    char4 c[8];
    for (int i = 0; i < 8; i++) c[i] = (char4){(char)i, 1, 2, 3};
    parallel_for_each(i, extent(8)) {
        c[i] = c[i].wzyx + (char)1;
    }
    return 0; // the kernel did not run: its error is what is checked
}
// expect-abort: 18: the kernel needs 8-bit integers in memory (shaderInt8, storageBuffer8BitAccess), which the device
// expect-handled: handled unsupported at line 18
