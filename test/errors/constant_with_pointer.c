// A file-scope constant holding a pointer, used in a kernel: the error
// says so (it said the initializer was not a constant, of a null pointer).
#include <camp.h>

struct ref { const float *p; int n; };
static const struct ref none = {0, 3};

int main(void) {
    int out[8];
    parallel_for_each(i, extent(8)) { out[i] = none.n; }
    return out[0];
}
// expect-error: 6:33: a constant used in amp code cannot hold a pointer
// expect-errors: 1
