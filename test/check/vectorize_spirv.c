// A vectorized saxpy's SPIR-V: each thread starts at its index times
// specialization constant 7 (the elements it takes), loads x's and y's
// vectors with one 16-byte-aligned load each, computes each lane as the
// kernel as written computes its element, and stores y's vector; where
// the 4 elements are not whole and aligned, they go one at a time.
// RUN: -O2 -S %s -o -
// CHECK: OpDecorate %elements_per_thread SpecId 7
// CHECK: %elements_per_thread = OpSpecConstant %uint 1
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: OpIMul %uint {{%[0-9]+}} %elements_per_thread
// CHECK: OpIEqual %bool %elements_per_thread %uint_4
// CHECK: OpBitwiseAnd %ulong {{%[0-9]+}} %ulong_15
// CHECK: [[X:%[0-9]+]] = OpLoad %v4float {{%[0-9]+}} Aligned 16
// CHECK: [[YP:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_v4float
// CHECK-NEXT: [[Y:%[0-9]+]] = OpLoad %v4float [[YP]] Aligned 16
// CHECK: OpCompositeExtract %float [[X]] 0
// CHECK-NEXT: OpFMul %float
// CHECK-NEXT: OpCompositeExtract %float [[Y]] 0
// CHECK-NEXT: OpFAdd %float
// CHECK: OpCompositeExtract %float [[X]] 3
// CHECK: [[V:%[0-9]+]] = OpCompositeConstruct %v4float
// CHECK-NEXT: OpStore [[YP]] [[V]] Aligned 16
// CHECK: OpLoad %float {{%[0-9]+}} Aligned 4
// CHECK: OpStore {{%[0-9]+}} {{%[0-9]+}} Aligned 4
#include <camp.h>

void saxpy(int n, float a, const float *x, float *y) {
    parallel_for_each(i, extent(n)) { y[i] = a * x[i] + y[i]; }
}
