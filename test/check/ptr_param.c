// In a helper a local copied from a parameter points where the call's argument does.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: func first(p: const int *, n: int): int
// CHECK: decl q: const int * = (load p) ; points where parameter 0 does
#include <camp.h>
#include <stddef.h>

static int first(const int *p, int n) restrict(amp) {
    const int *q = p;
    return n ? *q : 0;
}

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[2] = {i, 1};
        v[i] = first(a, 2) + first(&v[0], 1);
    }
    return v[0];
}
