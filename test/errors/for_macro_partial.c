/* A for statement with an empty header part, written by a macro: campcc
 * finds which part is which from the source text, which a macro hides, so it
 * refuses the loop instead of guessing. */
#include <camp.h>

#define COUNT_UP(k, n) for (; (k) < (n); (k)++)

int main(void) {
    int out[8];
    parallel_for_each(i, extent(8)) {
        int k = 0, s = 0;
        COUNT_UP(k, i) s += k;
        out[i] = s;
    }
    return out[0];
}
// expect-error: 12:9: a for statement without all three header parts written through a macro
