// `a | b` and `a ^ b` whose operands can share no bit are emitted as
// `a + b`, the same value: NVIDIA's driver computed 0 for a 16-bit value's
// byte swap written with `|` or `^` (e2e/byte_swaps.c runs them). The
// bits are followed through zero-extensions, masks and shifts by
// constants; operands that may overlap keep their `|` and `^`.
// RUN: -O0 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: OpShiftRightArithmetic %int
// CHECK: OpShiftLeftLogical %int
// CHECK-NEXT: OpIAdd %int
// CHECK: OpIAdd %int
// CHECK: OpIAdd %int
// CHECK: OpBitwiseOr %int
// CHECK: OpBitwiseXor %int
// CHECK-LABEL: OpFunctionEnd
#include <camp.h>
#include <stdint.h>

void kernels(int n, const uint16_t *x, uint16_t *swapped, uint16_t *masked, uint16_t *xored, int *overlap,
             int *flipped) {
    parallel_for_each(i, extent(n)) {
        uint16_t v = x[i];
        swapped[i] = (uint16_t)(v >> 8 | v << 8);
        masked[i] = (uint16_t)((v & 0xff) << 8 | (v & 0xff00) >> 8);
        xored[i] = (uint16_t)((v >> 8) ^ (v << 8));
        overlap[i] = v | v << 4;   /* bits 4-15 may be in both */
        flipped[i] = overlap[i] ^ 0x10;
    }
}
