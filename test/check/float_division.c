// A float or double division in a kernel is corrected toward C's
// correctly rounded quotient: OpFDiv (Vulkan lets it be 2.5 ulps off),
// the remainder a - q * b from Dekker's exact product (the operands split
// by 2^12 + 1, doubles by 2^27 + 1), then q + r / b, chosen where the
// operands are in range and r is a nonzero number. An integer division is
// one OpSDiv. Code that asks for each operation rounded on its own
// (FP_CONTRACT OFF) is corrected the same way (it had OpFDiv alone).
// RUN: -O0 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[Q:%[0-9]+]] = OpFDiv %float [[A:%[0-9]+]] [[B:%[0-9]+]]
// CHECK-NEXT: OpFMul %float [[Q]] [[B]]
// CHECK-NEXT: OpFMul %float %float_4097 [[Q]]
// CHECK: OpFMul %float %float_4097 [[B]]
// CHECK: [[D:%[0-9]+]] = OpFSub %float [[A]] {{%[0-9]+}}
// CHECK-NEXT: [[R:%[0-9]+]] = OpFSub %float [[D]] {{%[0-9]+}}
// CHECK-NEXT: [[C:%[0-9]+]] = OpFDiv %float [[R]] [[B]]
// CHECK-NEXT: [[Q1:%[0-9]+]] = OpFAdd %float [[Q]] [[C]]
// CHECK: OpIsInf %bool [[R]]
// CHECK: OpSelect %float {{%[0-9]+}} [[Q1]] [[Q]]
// CHECK: OpFDiv %double
// CHECK: %double_134217729
// CHECK: OpSDiv %int
// CHECK-LABEL: %camp_kernel_1 = OpFunction
// CHECK: [[EQ:%[0-9]+]] = OpFDiv %float
// CHECK-NEXT: OpFMul %float [[EQ]]
// CHECK: OpFMul %float %float_4097
// CHECK: OpSelect %float
#include <camp.h>

void kernels(int n, const float *x, float *y, double *d, int *k) {
    parallel_for_each(i, extent(n)) {
        y[i] = x[i] / y[i];
        d[i] = d[i] / 3.0;
        k[i] = k[i] / 7;
    }
}

void exact_kernel(int n, const float *x, float *y) {
#pragma STDC FP_CONTRACT OFF
    parallel_for_each(i, extent(n)) { y[i] = x[i] / y[i]; }
}
