// After layout: each capture's kind and push-constant offset.
// RUN: --dump-ir -c %s -o /dev/null
// CHECK: after layout
// CHECK-LABEL: kernel camp_kernel_0: rank 1, index i ; push constants {{[0-9]+}} bytes
// CHECK: capture v: int[8] ; view, push offset 24
// CHECK: capture n: int ; value, push offset {{[0-9]+}}
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    int n = 3;
    parallel_for_each(i, extent(8)) {
        v[i] = n;
    }
    return v[0];
}
