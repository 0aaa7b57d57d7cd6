// A local computed from the index by + and * is never negative.
// RUN: --dump-ir=nonneg -c %s -o /dev/null
// CHECK: decl k: int = {{.*}} ; nonneg
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int k = i * 2 + 1;
        v[i] = k / 3;
    }
    return v[0];
}
