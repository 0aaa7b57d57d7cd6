// A division of provably non-negative ints is unsigned; of others, signed.
// RUN: -S %s -o -
// CHECK: OpUDiv
// CHECK: OpSDiv
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int k = i * 2;
        int m = i - 4;
        v[i] = k / 3 + m / 3;
    }
    return v[0];
}
