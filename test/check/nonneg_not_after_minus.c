// i - 1 may be negative: no fact.
// RUN: --dump-ir=nonneg -c %s -o /dev/null
// CHECK: decl k: int = (binary - (load i) 1)
// CHECK-NOT: ; nonneg
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int k = i - 1;
        v[i] = k / 3;
    }
    return v[0];
}
