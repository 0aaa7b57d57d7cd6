// A fragment's elements are spread over the subgroup's threads in the
// device's own order: they are reached through fragment_get and
// fragment_set only, a fragment starts with fragment_fill or fragment_load
// (no initializer), and its layout in memory is a constant, as SPIR-V's
// operand is. Each rule broken is reported where.
// expect-error: 21:13: the elements of a matrix fragment are reached only through fragment_get and fragment_set
// expect-error: 22:41: matrix fragment 'init' cannot have an initializer
// expect-error: 23:9: a fragment's layout must be a constant
// expect-errors: 3
#include <camp.h>

static half a[256];
static float c[256];

int main(int argc, char **argv) {
    (void)argv;
    int layout = argc > 1;
    parallel_for_each(t, tile(extent(32), 32)) {
        fragment_acc(float, 16, 16, 16) acc;
        fragment_a(half, 16, 16, 16) fa;
        acc.x[0] = 2.0f;
        fragment_acc(float, 16, 16, 16) init = {{0}};
        fragment_load(fa, a, 16, layout);
        fragment_store(c, init, 16, fragment_row_major);
        fragment_store(c, acc, 16, fragment_row_major);
    }
    return 0;
}
