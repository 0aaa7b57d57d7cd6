// -fcamp-check marks no loop Unroll: a checked body is larger than its
// nodes say (the checks are emitted with the accesses), and a column sum
// over 128 rows, marked, took lavapipe 36 s to build checked against half
// a second unmarked. Unchecked, the same loop is marked.
// RUN: -fcamp-check -O0 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK-NOT: OpLoopMerge {{%[0-9]+}} {{%[0-9]+}} Unroll
// CHECK-LABEL: OpFunctionEnd
#include <camp.h>

#define H 128
#define W 8
static unsigned sat[H][W];

void column_sums(void) {
    parallel_for_each(x, extent(W)) {
        for (int y = 1; y < H; y++) sat[y][x] += sat[y - 1][x];
    }
}
