// View elements at indices never negative are addressed by OpPtrAccessChain,
// chosen over the 64-bit integer address by the narrow_addresses
// specialization constant (buffers of at most 4 GiB, on NVIDIA): the index, a loop's
// counter, an index under an if that keeps it non-negative. An index that
// may be negative has the integer address alone: i - 1 with no condition,
// i - 2 under i >= 1, a variable the kernel writes, an index read before
// its condition.
// RUN: -O0 -S %s -o -
// CHECK: OpDecorate %narrow_addresses SpecId 6
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[STRIDED:%[0-9]+]] = OpPtrAccessChain %_ptr_PhysicalStorageBuffer_float
// CHECK-NEXT: OpSelect %_ptr_PhysicalStorageBuffer_float %narrow_addresses [[STRIDED]]
// CHECK: [[MINUS_1:%[0-9]+]] = OpPtrAccessChain %_ptr_PhysicalStorageBuffer_float
// CHECK-NEXT: OpSelect %_ptr_PhysicalStorageBuffer_float %narrow_addresses [[MINUS_1]]
// CHECK: [[MINUS_3:%[0-9]+]] = OpPtrAccessChain %_ptr_PhysicalStorageBuffer_float
// CHECK-NEXT: OpSelect %_ptr_PhysicalStorageBuffer_float %narrow_addresses [[MINUS_3]]
// CHECK: [[INDEX:%[0-9]+]] = OpPtrAccessChain %_ptr_PhysicalStorageBuffer_float
// CHECK-NEXT: OpSelect %_ptr_PhysicalStorageBuffer_float %narrow_addresses [[INDEX]]
// CHECK: OpFunctionEnd
// CHECK-LABEL: %camp_kernel_1 = OpFunction
// CHECK-NOT: OpPtrAccessChain %_ptr_PhysicalStorageBuffer_float
// CHECK: OpFunctionEnd
#include <camp.h>

int main(void) {
    float f[64] = {0}, g[64] = {0};
    int n = 64;
    parallel_for_each(i, extent(64)) {
        float s = 0;
        for (int j = 0; j < n; j += 8) s += f[j]; /* a counter stepping up from 0 */
        if (i > 0) s += f[i - 1];                 /* i >= 1 */
        if (2 < i) s += f[i - 3];                 /* i >= 3 */
        g[i] = s;                                 /* the index */
    }
    parallel_for_each(i, extent(64)) {
        float s = f[i - 1] * 0.0f; /* i may be 0 */
        if (i >= 1) s += f[i - 2];  /* i - 2 may be -1 */
        int k = i;
        k -= 1;                     /* written: no fact */
        if (k > 0) s += f[k - 1];
        for (int j = 8; j > 0; j -= 1) s += f[j]; /* a counter stepping down */
        g[63 - i] = s;              /* 63 - i: no fact */
    }
    return (int)g[0];
}
