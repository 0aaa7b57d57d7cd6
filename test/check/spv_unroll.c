// Loops marked for unrolling: a for loop counting from a constant to a
// constant by a constant step, with no loop inside and not itself inside a
// loop of constant count, is marked Unroll; a loop of run-time count, a
// nest of constant loops (the driver's to unroll), a counter the body
// writes and an unsigned counter counting down are not. (The first loop of
// the kernel and the last are lavapipe's loop check, never unrolled.)
// RUN: -O0 -S %s -o -
// CHECK: OpLoopMerge {{%\w+ %\w+}} DontUnroll
// CHECK: OpLoopMerge {{%\w+ %\w+}} None
// CHECK: OpLoopMerge {{%\w+ %\w+}} Unroll
// CHECK: OpLoopMerge {{%\w+ %\w+}} None
// CHECK: OpLoopMerge {{%\w+ %\w+}} None
// CHECK: OpLoopMerge {{%\w+ %\w+}} None
// CHECK: OpLoopMerge {{%\w+ %\w+}} None
// CHECK-NOT: {{ Unroll$}}
// CHECK: OpLoopMerge {{%\w+ %\w+}} DontUnroll
#include <camp.h>

int main(void) {
    float f[64] = {0};
    int n = 64;
    parallel_for_each(i, extent(64)) {
        float s = 0;
        for (int j0 = 0; j0 < n; j0 += 8)   /* run-time count: None */
            for (int j = 0; j < 8; j++)     /* Unroll */
                s += f[j0 + j];
        for (int a = 0; a < 4; a++)         /* a nest of constant loops: None, None */
            for (int b = 0; b < 4; b++) s += (float)(a * b);
        for (unsigned k = 10; k > 0; k--) s += (float)k; /* None */
        for (int k = 0; k < 4; k++) {       /* the body writes the counter: None */
            s += (float)k;
            k += 0;
        }
        f[i] = s;
    }
    return (int)f[0];
}
