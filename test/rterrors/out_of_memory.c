// Out of device memory (injected: every allocation fails): the error names
// the kernel's line; a handler gets it instead of abort().
// env: CAMP_TEST_FAIL_ALLOC=1
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_OUT_OF_MEMORY ? "out-of-memory" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int a[64], b[64] = {0};
    for (int i = 0; i < 64; i++) a[i] = i;
    parallel_for_each(i, extent(64)) {
        b[i] = a[i] * 2;
    }
    printf("b[1] = %d (the kernel did not run)\n", b[1]);
    return b[1];
}
// expect-abort: 17: VK_ERROR_OUT_OF_DEVICE_MEMORY
// expect-handled: handled out-of-memory at line 17
