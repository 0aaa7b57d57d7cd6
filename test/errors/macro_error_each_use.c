// An error inside a macro is reported at each of its uses, as clang does
// (a file with a kernel showed the first only: repeats of a diagnostic are
// shown once, as parallel_for_each expands its argument several times).
#include <camp.h>
#define PICK(p) _Generic(&*(p), int *: 1)
static long v[4];
static int out[4];
int main(void) {
    parallel_for_each(i, extent(4)) { out[i] = i; }
    int x = PICK(v);
    int y = PICK(v);
    return x + y;
}
// expect-error: 10:13: controlling expression type 'long *' not compatible with any generic association type
// expect-error: 11:13: controlling expression type 'long *' not compatible with any generic association type
