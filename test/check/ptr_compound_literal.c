// A compound literal is an object a pointer can point into.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl p: int * = (decay (init int[3] {{.*}})) ; points into a compound literal (its elements)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int *p = (int[3]){i, 2, 3};
        v[i] = p[2];
    }
    return v[0];
}
