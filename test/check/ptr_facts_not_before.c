// After lowering, no analysis has run: no facts are printed.
// RUN: --dump-ir=lowering -c %s -o /dev/null
// CHECK: ; campcc IR of {{.*}}ptr_facts_not_before.c after lowering
// CHECK-NOT: ; points
// CHECK: decl p: int * = (decay a)
// CHECK-NOT: ; points
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[2] = {i, 1};
        int *p = a;
        v[i] = *p;
    }
    return v[0];
}
