// A restrict(amp) function taking a pointer to pointers.
#include <camp.h>

int first(int **rows) restrict(amp) {
    return rows[0][0];
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = a[i] + 1;
    }
    return a[0];
}
// expect-error: 4:17: pointers to pointers are not allowed in amp code: type 'int **' points to memory that holds pointers
