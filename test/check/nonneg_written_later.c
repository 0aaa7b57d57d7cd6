// A local written after its declaration loses the fact.
// RUN: --dump-ir=nonneg -c %s -o /dev/null
// CHECK: decl k: int = (load i)
// CHECK-NOT: nonneg
// CHECK: (assign - k 5)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int k = i;
        k -= 5;
        v[i] = k / 2;
    }
    return v[0];
}
