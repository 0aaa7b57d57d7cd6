// Which parameter: the second one here.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl r: int * = (load b) ; points where parameter 1 does
#include <camp.h>
#include <stddef.h>

static int pick(int *a, int *b) restrict(amp) {
    int *r = b;
    return *r + *a;
}

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[2] = {i, 1};
        v[i] = pick(&v[i], a);
    }
    return v[0];
}
