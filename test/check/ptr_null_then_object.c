// A null first value does not decide: the first non-null one does.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl p: int * = {{.*}} ; points into a (its elements)
// CHECK: (assign = p (decay a))
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[2] = {i, 1};
        int *p = 0;
        p = a;
        v[i] = *p;
    }
    return v[0];
}
