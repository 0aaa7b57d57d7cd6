// A loop whose test spans blocks (`b > 0 && t[b - 1] > t[b]`) keeps,
// after the optimizer, a continue block of its step alone, made again
// there: the optimizer merged the body into the continue block, or took
// the step from the body's `b - 1`, and Mesa 22.3's lavapipe ran either
// loop wrongly (docs/portability.md).
// RUN: -O2 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[B:%[0-9]+]] = OpPhi %int %int_7 %{{[0-9]+}} [[STEP:%[0-9]+]] [[CONT:%[0-9]+]]
// CHECK: OpLoopMerge [[MERGE:%[0-9]+]] [[CONT]] None
// CHECK-NEXT: OpBranch
// CHECK: OpPhi %bool
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} [[BODY:%[0-9]+]] [[MERGE]]
// CHECK: [[BODY]] = OpLabel
// CHECK: OpStore
// CHECK: OpBranch [[CONT]]
// CHECK-NEXT: [[CONT]] = OpLabel
// CHECK-NEXT: [[STEP]] = OpISub %int [[B]] %int_1
// CHECK-NEXT: OpBranch
#include <camp.h>

int main(void) {
    static float in[64 * 8], out[64];
    parallel_for_each(i, extent(64)) {
        float t[8];
        int b;
        for (int a = 0; a < 8; a++) t[a] = in[i * 8 + a];
        for (b = 7; b > 0 && t[b - 1] > t[b]; b--) {
            float x = t[b];
            t[b] = t[b - 1];
            t[b - 1] = x;
        }
        out[i] = t[b];
    }
    return (int)out[0];
}
