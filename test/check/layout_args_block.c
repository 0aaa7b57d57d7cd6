// Captures past the 128 bytes of push constants every device has: the
// header and the arguments buffer's address are pushed, every capture is
// in the buffer at its alignment, and the SPIR-V loads them through the
// pushed address. A kernel whose captures fit keeps them pushed.
// RUN: --dump-kernels -S %s -o -
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: push constants: 32 bytes (24-byte header, then the arguments buffer's address); arguments buffer: 120 bytes
// CHECK-NEXT: capture 'out': pointer float *, read-write, device address at arguments buffer offset 0
// CHECK-NEXT: capture 'c': value char, arguments buffer offset 8
// CHECK-NEXT: capture 'p0': pointer const float *, read, device address at arguments buffer offset 16
// CHECK: capture 'p11': pointer const float *, read, device address at arguments buffer offset 104
// CHECK-NEXT: capture 'd': value double, arguments buffer offset 112
// CHECK-LABEL: kernel camp_kernel_1
// CHECK: push constants: 48 bytes (24-byte header)
// CHECK-NEXT: capture 'out': pointer float *, read-write, device address at push offset 24
// CHECK: OpMemberDecorate %camp_kernel_0_captures 1 Offset 8
// CHECK: OpMemberDecorate %camp_kernel_0_captures 14 Offset 112
// CHECK: OpMemberDecorate %camp_kernel_0_args 6 Offset 24
// CHECK-NOT: OpMemberDecorate %camp_kernel_0_args 7
// CHECK: OpMemberDecorate %camp_kernel_1_args 6 Offset 24
// CHECK: %camp_kernel_0_args = OpTypeStruct %uint %uint %uint %uint %uint %uint %_ptr_PhysicalStorageBuffer_camp_kernel_0_captures{{$}}
// CHECK: [[BLOCK:%[0-9]+]] = OpLoad %_ptr_PhysicalStorageBuffer_camp_kernel_0_captures
// CHECK-NEXT: [[AT:%[0-9]+]] = OpAccessChain %_ptr_PhysicalStorageBuffer__ptr_PhysicalStorageBuffer_float [[BLOCK]]
// CHECK-NEXT: OpLoad %_ptr_PhysicalStorageBuffer_float [[AT]] Aligned 8
#include <camp.h>

void twelve(float *out, const float *p0, const float *p1, const float *p2, const float *p3, const float *p4,
            const float *p5, const float *p6, const float *p7, const float *p8, const float *p9, const float *p10,
            const float *p11, char c, double d) {
    parallel_for_each(i, extent(64)) {
        out[i] = c + p0[i] + p1[i] + p2[i] + p3[i] + p4[i] + p5[i] + p6[i] + p7[i] + p8[i] + p9[i] + p10[i] + p11[i] +
                 (float)d;
    }
    parallel_for_each(i, extent(64)) {
        out[i] += p0[i] + p1[i];
    }
}
