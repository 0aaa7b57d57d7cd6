// A half the kernel rounded and widens again is widened from its bits (the
// exponent and significand scaled by 2^112), not by OpFConvert: a driver
// may fold OpFConvert to half and back, dropping the rounding C asks for.
// Halves read from a view are widened by OpFConvert.
// RUN: -O0 -S %s -o -
// CHECK: OpFConvert %float
// CHECK: OpFConvert %float
// CHECK: OpFMul %float
// CHECK-NEXT: OpFConvert %half
// CHECK-NOT: OpFConvert %float
// CHECK: OpFMul %float {{%\w+}} %float_5_19229686e_33
// CHECK: OpFSub %float
// CHECK-NEXT: OpFConvert %half
#include <camp.h>

int main(void) {
    half h[64] = {0}, g[64] = {0};
    parallel_for_each(i, extent(64)) { h[i] = (half)(g[i] * g[i]) - (half)1; }
    return (int)h[0];
}
