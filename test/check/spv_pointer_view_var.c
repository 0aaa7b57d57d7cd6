// A pointer variable into views holds the address as an integer.
// RUN: -S %s -o -
// CHECK: OpName %p "p"
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: %p = OpVariable %_ptr_Function_ulong Function
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int *p = &v[i];
        p[0] = 2;
    }
    return v[0];
}
