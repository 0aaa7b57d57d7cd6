// A 64-bit division or remainder by a constant is emitted as a multiply by
// its reciprocal (OpUMulExtended) and shifts: NVIDIA's driver divided a
// 64-bit value by such a constant wrongly in a loop
// (e2e/division_by_constant_64.c runs them against the host's). Divisors
// are followed through conversions and negations of constants and through
// a variable given one constant; by a power of two, by a value the
// kernel reads, and at 32 bits, the division stays.
// RUN: -O0 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK-NOT: {{OpUDiv|OpUMod|OpSDiv|OpSRem}}
// CHECK: OpUMulExtended
// CHECK-NOT: {{OpUDiv|OpUMod|OpSDiv|OpSRem}}
// CHECK: OpUMulExtended
// CHECK-NOT: {{OpUDiv|OpUMod|OpSDiv|OpSRem}}
// CHECK: OpUMulExtended
// CHECK-NOT: {{OpUMod|OpSDiv|OpSRem}}
// CHECK: OpUDiv %ulong
// CHECK-NOT: {{OpUDiv|OpUMod|OpSDiv|OpSRem}}
// CHECK: OpUMulExtended
// CHECK-NOT: {{OpUDiv|OpUMod|OpSRem}}
// CHECK: OpSDiv %int
// CHECK-NOT: {{OpUDiv|OpSDiv|OpSRem}}
// CHECK: OpUMod %ulong
// CHECK-LABEL: OpFunctionEnd
#include <camp.h>
#include <stdint.h>

void kernels(int n, const uint64_t *x, const uint64_t *m, uint64_t *r, int64_t *s, int *t) {
    parallel_for_each(i, extent(n)) {
        const uint64_t prime = 1000000007;
        r[i] = x[i] % 61 + x[i] / 1000 + x[i] % prime + x[i] / 64;
        s[i] = (int64_t)x[i] / -7;
        t[i] = (int)x[i] / 7;
        r[i] += x[i] % m[i];
    }
}
