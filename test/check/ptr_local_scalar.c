// &x of a local scalar points at the object itself.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl p: int * = (addr x) ; points into x (the object)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int x = i;
        int *p = &x;
        *p += 1;
        v[i] = x;
    }
    return v[0];
}
