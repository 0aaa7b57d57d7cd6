// A null pointer into a local array is the offset INT_MIN.
// RUN: -S %s -o -
// CHECK: %int_n2147483648 = OpConstant %int -2147483648
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[P:%[0-9]+]] = OpLoad %int %p
// CHECK-NEXT: OpINotEqual %bool [[P]] %int_n2147483648
// CHECK: OpFunctionEnd
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[2] = {i, 1};
        int *p = i ? a : NULL;
        v[i] = p ? *p : 0;
    }
    return v[0];
}
