// `::` after `sizeof` (where clang 19 loops forever too) is refused like
// any `::` that C does not have; after an attribute's prefix it is C.
#include <camp.h>

[[gnu::unused]] static int helper(void) { return 0; }

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) { a[i] += 1; }
    return (int)sizeof ::a;
}
// expect-error: 10:24: '::' is not an operator in C
