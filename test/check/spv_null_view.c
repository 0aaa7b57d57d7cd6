// A null pointer into views is the address 0 made a pointer (no OpConstantNull of a pointer type).
// RUN: -S %s -o -
// CHECK-NOT: OpConstantNull %_ptr_PhysicalStorageBuffer
// CHECK: OpConvertUToPtr %_ptr_PhysicalStorageBuffer_int
// CHECK-NOT: OpConstantNull %_ptr_PhysicalStorageBuffer
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
