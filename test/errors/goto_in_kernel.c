// goto is not allowed in amp code, even within the body.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        if (a[i] > 2)
            goto skip;
        a[i] = 0;
    skip:
        a[i] += 1;
    }
    return a[0];
}
// expect-error: 8:13: 'goto' is not allowed in amp code: write the jump as a loop (a retry as `do { ... } while (again);`, a way out as `break` or a flag the loop tests)
