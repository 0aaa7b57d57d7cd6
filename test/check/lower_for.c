// A for loop: its declaration, condition and step.
// RUN: --dump-ir=lowering -c %s -o /dev/null
// CHECK: for
// CHECK: decl k: int = 0
// CHECK-NEXT: cond (binary < (load k) 3)
// CHECK-NEXT: step (incdec post++ k)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int s = 0;
        for (int k = 0; k < 3; k++) s += k;
        v[i] = s;
    }
    return v[0];
}
