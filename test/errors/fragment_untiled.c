// Matrix fragments are held by the threads of a subgroup together: a
// kernel with them must be tiled (its threads' subgroups are its tiles').
// expect-error: 14:9: matrix fragments need a tiled kernel: the threads of a subgroup hold and multiply them together
// expect-error: 15:9: matrix fragments need a tiled kernel
// expect-errors: 2
#include <camp.h>

static float c[256];

int main(void) {
    parallel_for_each(i, extent(32)) {
        fragment_acc(float, 16, 16, 16) acc;
        (void)i;
        fragment_fill(acc, 1.0f);
        fragment_store(c, acc, 16, fragment_row_major);
    }
    return 0;
}
