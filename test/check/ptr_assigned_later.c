// A use before the assignment in the source (in a loop) still sees what the pointer points into.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl p: int * = {{.*}} ; points into a (its elements)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[3] = {i, 2, 3};
        int *p = NULL, s = 0;
        for (int k = 0; k < 3; k++) {
            if (p) s += *p;
            p = &a[k];
        }
        v[i] = s;
    }
    return v[0];
}
