// A library call whose kernels the device refuses (a CAMP_REDUCE_DEFINE
// over a 320-byte type: 80 KiB of tile_static memory a tile) reports once,
// at the caller's line, though both of its passes' kernels meet the limit;
// the call returns the identity.
#include <camp_algorithms.h>
#include <stdio.h>

typedef struct {
    double v[40];
} vec40;

static vec40 add40(vec40 a, vec40 b) restrict(amp) {
    vec40 r;
    for (int i = 0; i < 40; i++) r.v[i] = a.v[i] + b.v[i];
    return r;
}
CAMP_REDUCE_DEFINE(vec40, sum40, add40, ((vec40){{0}}))

static int reports;
static void handle(const camp_error *e, void *user) {
    (void)user;
    reports++;
    printf("handled at line %u: %s\n", e->line, e->message);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    vec40 *a = array_new(vec40, 100, NULL);
    vec40 r = camp_reduce_with(sum40, a, 100);
    printf("library call reports: %d, result %g\n", reports, r.v[0]);
    array_delete(a);
    return 0;
}
// expect-abort: 30: sum40: its kernel
// expect-handled: library call reports: 1, result 0
