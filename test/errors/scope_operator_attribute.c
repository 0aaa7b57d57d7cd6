// `::` in an attribute's arguments (where clang 19 loops forever, as on
// `sizeof ::x` anywhere) is refused like any `::` that C does not have;
// after each prefix of an attribute list it is C.
#include <camp.h>

[[gnu::unused, gnu::aligned(8)]] static int first;
[[ gnu :: unused ]] static int second [[gnu::unused]];
[[gnu::aligned(sizeof(int[2]))]] [[gnu::unused]] static int third;
[[gnu::aligned(sizeof ::first)]] static int fourth;

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) { a[i] += 1; }
    return a[0] + fourth;
}
// expect-error: 9:23: '::' is not an operator in C
// expect-errors: 1
