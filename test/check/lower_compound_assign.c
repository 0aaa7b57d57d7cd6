// x += 2 is one assignment node with its operator.
// RUN: --dump-ir=lowering -c %s -o /dev/null
// CHECK: (assign + x 2)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int x = i;
        x += 2;
        v[i] = x;
    }
    return v[0];
}
