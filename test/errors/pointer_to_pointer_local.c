// A pointer to a pointer in a kernel.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        int *p = &a[i];
        int **pp = &p;
        **pp = 1;
    }
    return a[0];
}
// expect-error: 8:15: pointers to pointers are not allowed in amp code: type 'int **' points to memory that holds pointers, which a kernel cannot use; pass the memory they point into instead
