// A helper call names its callee; the helper is dumped too.
// RUN: --dump-ir=lowering -c %s -o /dev/null
// CHECK: func twice(x: int): int
// CHECK: return (binary * (load x) 2)
// CHECK: (call twice (load i))
#include <camp.h>
#include <stddef.h>

static int twice(int x) restrict(amp) { return x * 2; }

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        v[i] = twice(i);
    }
    return v[0];
}
