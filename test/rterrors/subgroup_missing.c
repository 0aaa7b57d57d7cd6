// A kernel's subgroup operations need the device's: where it lacks the
// relative shuffles (masked), the kernel that only reduces runs and the
// one that shuffles down is refused, at its own line.
// env: CAMP_DEVICE_MASK_FEATURES=subgroup_shuffle_relative
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int a[8], sum[8], next[8];
    for (int i = 0; i < 8; i++) a[i] = 1;
    parallel_for_each(i, extent(8)) {
        sum[i] = subgroup_reduce_add(a[i]) == (int)subgroup_size();
    }
    printf("reduction kernel: %d; ", sum[7]);
    parallel_for_each(i, extent(8)) {
        next[i] = subgroup_shuffle_down(a[i], 1);
    }
    return sum[7] != 1;
}
// expect-abort: 22: the kernel needs relative subgroup shuffles, subgroup_shuffle_up and subgroup_shuffle_down (supportedOperations SHUFFLE_RELATIVE), which the device
// expect-handled: reduction kernel: 1; handled unsupported at line 22
