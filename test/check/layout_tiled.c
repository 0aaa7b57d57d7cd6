// After layout: a tiled kernel's workgroup is its tile.
// RUN: --dump-ir -c %s -o /dev/null
// CHECK-LABEL: kernel camp_kernel_0: rank 1, tiled, index t ; push constants {{[0-9]+}} bytes, workgroup 16 x 1 x 1
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[64] = {0};
    parallel_for_each(t, tile(extent(64), 16)) {
        v[t.global] = t.local;
    }
    return v[0];
}
