// The device is lost mid-run (injected: accelerator 0's third queue
// submission and those after it fail): the first two kernels run, each
// waited for by its copy back; the third's error names its line.
// env: CAMP_TEST_LOSE_DEVICE=0:3
#include <camp.h>
#include <stdio.h>

static int rounds_done;

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u after %d rounds\n", e->status == CAMP_ERROR_DEVICE_LOST ? "device-lost" : "OTHER",
           e->line, rounds_done);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    float a[16] = {0};
    for (int round = 0; round < 3; round++) {
        parallel_for_each(i, extent(16)) {
            a[i] += 1.0f;
        }
        if (a[15] == (float)(round + 1)) rounds_done++;
    }
    return 0;
}
// expect-abort: 21: the device was lost
// expect-handled: handled device-lost at line 21 after 2 rounds
