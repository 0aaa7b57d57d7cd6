// A section of rank 2 of a pointer to elements (not to rows) is a rank
// mismatch: clang's error at the call, where the row's element is taken.
// expect-error: 10:5: indirection requires pointer operand ('float' invalid)
#include <camp.h>
#include <stdlib.h>

int main(void) {
    float *v = calloc(32, sizeof *v);
    array_view(v, 32);
    array_view_section(v, 0, 1, 2, 2);
    array_view_release(v);
    free(v);
    return 0;
}
