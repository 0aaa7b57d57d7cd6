// 64-bit integers on a device without shaderInt64 (masked, with another
// feature in the list).
// env: CAMP_DEVICE_MASK_FEATURES=int8,int64
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    long long a[8], b[8] = {0};
    for (int i = 0; i < 8; i++) a[i] = (long long)i << 40;
    parallel_for_each(i, extent(8)) {
        b[i] = a[i] + 1;
    }
    return b[1] != 0;
}
// expect-abort: 17: the kernel needs 64-bit integers (shaderInt64)
// expect-handled: handled unsupported at line 17
