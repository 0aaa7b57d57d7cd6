// A pointer to a view's element is an address.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl p: int * = (addr (index (decay v) (load i))) ; points into views
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int *p = &v[i];
        *p = 1;
    }
    return v[0];
}
