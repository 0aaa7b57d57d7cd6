// A pointer to a local array's elements is an offset into that array.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl p: int * = (decay a) ; points into a (its elements)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[4] = {i, 1, 2, 3};
        int *p = a;
        v[i] = p[i % 4];
    }
    return v[0];
}
