// An undeclared identifier inside a kernel body: clang's own diagnostic.
// expect-error: 8:16: use of undeclared identifier 'scale'
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = scale * a[i];
    }
    return a[0];
}
