// -Werror turns a kernel's warning into an error, as clang names it.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        int unused;
        a[i] = a[i] + 1;
    }
    return a[0];
}
// flags: -Wall -Werror
// expect-error: 7:13: unused variable 'unused' [-Werror,-Wunused-variable]
