// ?: with a null side points where the other side does.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl p: int * = (?: {{.*}}) ; points into a (its elements)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[2] = {i, 1};
        int *p = i ? a : NULL;
        v[i] = p ? *p : 0;
    }
    return v[0];
}
