// A 16-byte union is an array of two 64-bit words.
// RUN: -S %s -o -
// CHECK: OpTypeArray %ulong %uint_2
#include <camp.h>
#include <stddef.h>

typedef union { float f[4]; int n[4]; } quad;

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        quad u = {{1, 2, 3, 4}};
        u.n[i % 4] = i;
        v[i] = (int)u.f[(i + 1) % 4];
    }
    return v[0];
}
