// Each kernel needs the narrow-type features of what it uses, and only
// those: half needs shaderFloat16 (with 16-bit storage and half rounding to
// nearest even), char vectors shaderInt8, ushort vectors shaderInt16, and
// a captured char or half storagePushConstant8 or 16.
// RUN: --dump-kernels %s -o /dev/null
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: device features: shaderInt64{{$}}
// CHECK-LABEL: kernel camp_kernel_1
// CHECK: device features: shaderInt64 shaderFloat16{{$}}
// CHECK-LABEL: kernel camp_kernel_2
// CHECK: device features: shaderInt64 shaderInt8{{$}}
// CHECK-LABEL: kernel camp_kernel_3
// CHECK: device features: shaderInt64 shaderInt16{{$}}
// CHECK-LABEL: kernel camp_kernel_4
// CHECK: device features: shaderInt64 shaderInt8 storagePushConstant8{{$}}
// CHECK-LABEL: kernel camp_kernel_5
// CHECK: device features: shaderInt64 shaderFloat16 storagePushConstant16{{$}}
#include <camp.h>

int main(void) {
    float f[8] = {0};
    half h[8] = {0};
    char4 c[8] = {0};
    ushort2 s[8] = {0};
    parallel_for_each(i, extent(8)) { f[i] = 1.0f; }
    parallel_for_each(i, extent(8)) { h[i] = h[i] * (half)2; }
    parallel_for_each(i, extent(8)) { c[i] = c[i].wzyx + (char)1; }
    parallel_for_each(i, extent(8)) { s[i] = s[i] * (unsigned short)3; }
    char k = 2;
    half scale = (half)0.5f;
    parallel_for_each(i, extent(8)) { f[i] = (float)k; }
    parallel_for_each(i, extent(8)) { f[i] = (float)scale; }
    return (int)f[0];
}
