// q = p before p is assigned in the source: both end up in a.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl q: int * ; points into a (its elements)
// CHECK: decl p: int * ; points into a (its elements)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[2] = {i, 1};
        int *q;
        int *p;
        for (int k = 0; k < 2; k++) {
            if (k) q = p;
            p = a;
        }
        v[i] = *q;
    }
    return v[0];
}
