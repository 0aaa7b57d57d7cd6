// u.f[i]: an element of an array member of a union.
// RUN: --dump-ir=lowering -c %s -o /dev/null
// CHECK: (index (decay (member .f u)) (binary % (load i) 4))
#include <camp.h>
#include <stddef.h>

typedef union { float f[4]; int n[4]; } quad;

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        quad u = {{1, 2, 3, 4}};
        v[i] = (int)u.f[i % 4];
    }
    return v[0];
}
