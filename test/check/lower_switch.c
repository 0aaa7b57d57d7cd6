// A switch: groups of case labels, default.
// RUN: --dump-ir=lowering -c %s -o /dev/null
// CHECK: switch (load i)
// CHECK-NEXT: case 1 2
// CHECK: default
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        switch (i) {
        case 1: case 2: v[i] = 1; break;
        default: v[i] = 2;
        }
    }
    return v[0];
}
