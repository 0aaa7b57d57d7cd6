// A division of provably non-negative ints is unsigned; of others, signed.
// RUN: -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[K:%[0-9]+]] = OpLoad %int %k
// CHECK: [[K_BITS:%[0-9]+]] = OpBitcast %uint [[K]]
// CHECK-NEXT: OpUDiv %uint [[K_BITS]]
// CHECK: [[M:%[0-9]+]] = OpLoad %int %m
// CHECK-NEXT: OpSDiv %int [[M]] %int_3
// CHECK: OpFunctionEnd
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
