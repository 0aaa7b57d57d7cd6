// A 4-byte union is one 32-bit word: no array.
// RUN: -S %s -o -
// CHECK-NOT: OpTypeArray %uint
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK-NOT: OpTypeArray %uint
// CHECK: OpFunctionEnd
#include <camp.h>
#include <stddef.h>

typedef union { float f; unsigned n; } bits;

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        bits u;
        u.f = (float)i;
        v[i] = (int)(u.n & 1);
    }
    return v[0];
}
