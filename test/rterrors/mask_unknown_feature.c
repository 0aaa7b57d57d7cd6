// A misspelt feature in CAMP_DEVICE_MASK_FEATURES is an error, not ignored.
// env: CAMP_DEVICE_MASK_FEATURES=float65
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER");
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int a[8] = {0};
    parallel_for_each(i, extent(8)) {
        a[i] = i;
    }
    return 0;
}
// expect-abort: 15: unknown feature 'float65'
// expect-handled: handled invalid-argument
