// A half the kernel rounded and widens again is widened from its bits (the
// exponent and significand scaled by 2^112), not by OpFConvert: a driver
// may fold OpFConvert to half and back, dropping the rounding C asks for.
// Halves read from a view are widened by OpFConvert.
// RUN: -O0 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[G0:%[0-9]+]] = OpFConvert %float
// CHECK: [[G1:%[0-9]+]] = OpFConvert %float
// CHECK-NEXT: [[PRODUCT:%[0-9]+]] = OpFMul %float [[G0]] [[G1]]
// CHECK-NEXT: [[ROUNDED:%[0-9]+]] = OpFConvert %half [[PRODUCT]]
// CHECK-NOT: OpFConvert %float
// CHECK: [[PAIR:%[0-9]+]] = OpCompositeConstruct %v2half [[ROUNDED]]
// CHECK-NEXT: [[BITS:%[0-9]+]] = OpBitcast %uint [[PAIR]]
// CHECK: OpFMul %float {{%[0-9]+}} %float_5_19229686e_33
// CHECK: [[WIDENED:%[0-9]+]] = OpBitcast %float
// CHECK-NOT: OpFConvert %float
// CHECK: [[DIFFERENCE:%[0-9]+]] = OpFSub %float [[WIDENED]]
// CHECK-NEXT: [[RESULT:%[0-9]+]] = OpFConvert %half [[DIFFERENCE]]
// CHECK-NEXT: OpStore {{%[0-9]+}} [[RESULT]] Aligned 2
// CHECK: OpFunctionEnd
#include <camp.h>

int main(void) {
    half h[64] = {0}, g[64] = {0};
    parallel_for_each(i, extent(64)) { h[i] = (half)(g[i] * g[i]) - (half)1; }
    return (int)h[0];
}
