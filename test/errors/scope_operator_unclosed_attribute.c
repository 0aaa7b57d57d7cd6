// An attribute never closed (`]*]`) ends at its first `]`: the `::` after
// `sizeof` further on is refused (campcc took the rest of the file for
// the attribute, let it through, and clang 19 looped forever on it).
#include <camp.h>

[[gnu::unused]*] static int helper(void) { return 0; }

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) { a[i] += 1; }
    return (int)sizeof ::a;
}
// expect-error: 11:24: '::' is not an operator in C
// expect-errors: 1
