// A null pointer into views is the address 0 made a pointer (no OpConstantNull of a pointer type);
// a pointer compared with it is compared by the address its variable holds (not converted back).
// RUN: -S %s -o -
// CHECK-NOT: OpConstantNull %_ptr_PhysicalStorageBuffer
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK-NOT: OpConstantNull %_ptr_PhysicalStorageBuffer
// CHECK: OpStore %p
// CHECK: [[P:%[0-9]+]] = OpLoad %ulong %p
// CHECK-NEXT: [[POINTER:%[0-9]+]] = OpConvertUToPtr %_ptr_PhysicalStorageBuffer_int [[P]]
// CHECK: OpINotEqual %bool [[P]] %ulong_0
// CHECK-NOT: OpConstantNull %_ptr_PhysicalStorageBuffer
// CHECK: OpFunctionEnd
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int *p = i ? &v[i] : NULL;
        if (p != NULL) *p = 1;
    }
    return v[0];
}
