// Loops marked for unrolling: a for loop counting from a constant to a
// constant by a constant step, with no loop inside, is marked Unroll,
// unless its kernel also has a nest of constant loops (the driver's to
// unroll, whole); a loop of run-time count, a counter the body writes and
// an unsigned counter counting down are not marked. (Each kernel's first
// and last loops are lavapipe's loop check, never unrolled.)
// RUN: -O0 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: OpLoopMerge {{%[0-9]+ %[0-9]+}} DontUnroll
// CHECK: OpLoopMerge {{%[0-9]+ %[0-9]+}} None
// CHECK: OpLoopMerge {{%[0-9]+ %[0-9]+}} Unroll
// CHECK: OpLoopMerge {{%[0-9]+ %[0-9]+}} None
// CHECK: OpLoopMerge {{%[0-9]+ %[0-9]+}} None
// CHECK: OpLoopMerge {{%[0-9]+ %[0-9]+}} DontUnroll
// CHECK: OpFunctionEnd
// CHECK-LABEL: %camp_kernel_1 = OpFunction
// CHECK-NOT: {{ Unroll$}}
// CHECK: OpFunctionEnd
#include <camp.h>

int main(void) {
    float f[64] = {0};
    int n = 64;
    parallel_for_each(i, extent(64)) {
        float s = 0;
        for (int j0 = 0; j0 < n; j0 += 8) /* run-time count: None */
            for (int j = 0; j < 8; j++)   /* Unroll */
                s += f[j0 + j];
        for (unsigned k = 10; k > 0; k--) s += (float)k; /* None */
        for (int k = 0; k < 4; k++) {     /* the body writes the counter: None */
            s += (float)k;
            k += 0;
        }
        f[i] = s;
    }
    parallel_for_each(i, extent(64)) {
        float s = 0;
        for (int j = 0; j < 8; j++) s += f[j]; /* None: the kernel has a nest */
        for (int a = 0; a < 4; a++)            /* a nest of constant loops: None, None */
            for (int b = 0; b < 4; b++) s += (float)(a * b);
        f[i] = s;
    }
    return (int)f[0];
}
