// A pointer variable into a local array holds an int offset.
// RUN: -S %s -o -
// CHECK: OpName %p "p"
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: %p = OpVariable %_ptr_Function_int Function
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int a[2] = {i, 1};
        int *p = a;
        p++;
        v[i] = *p;
    }
    return v[0];
}
