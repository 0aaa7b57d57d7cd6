// A pointer to rows of run-time size cannot be captured yet: the kernel
// would not know the row size.
// expect-error: 11:48: pointer 'm' to a variable-length array used in a kernel is not supported yet
#include <camp.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    (void)argv;
    int rows = 3, cols = 4 + argc;
    float (*m)[cols] = malloc(rows * sizeof *m);
    parallel_for_each(i, extent(rows, cols)) { m[i[0]][i[1]] = 1.0f; }
    free(m);
    return 0;
}
