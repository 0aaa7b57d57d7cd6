// campcc -fcamp-check: an amp function reading one past the end of a local
// array through its pointer parameter (an element offset on the device, not
// an address) is reported with the pointer, the index and the array's length.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_OUT_OF_BOUNDS ? "out-of-bounds" : "OTHER", e->line);
}

static int sum(const int *v, int n) restrict(amp) {
    int s = 0;
    for (int j = 0; j <= n; j++) s += v[j]; /* <= : one too many */
    return s;
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int out[8];
    parallel_for_each(i, extent(8)) {
        int local[4] = {i, i, i, i};
        out[i] = sum(local, 4);
    }
    printf("out[1] = %d\n", out[1]);
    return 0;
}
// expect-abort: 15: kernel function sum: v[4] is out of bounds: element 4 of an array of 4 at index {0} (and 7 more failures)
// expect-handled: handled out-of-bounds at line 15
