// The device is lost (injected: every submission fails): the error names
// the kernel's line; a handler gets it instead of abort().
// env: CAMP_TEST_DEVICE_LOST=1
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_DEVICE_LOST ? "device-lost" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    float a[16], b[16] = {0};
    for (int i = 0; i < 16; i++) a[i] = (float)i;
    parallel_for_each(i, extent(16)) {
        b[i] = a[i] + 1.0f;
    }
    return b[0] != 0.0f;
}
// expect-abort: 17: the device was lost
// expect-handled: handled device-lost at line 17
