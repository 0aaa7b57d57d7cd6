// Rank 4 (untiled): the size of index component 1 is a hidden capture,
// by which the kernel splits the GPU's z into components 0 and 1.
// RUN: --dump-ir -c %s -o /dev/null
// CHECK-LABEL: kernel camp_kernel_0: rank 4, index i
// CHECK: capture i.extent1: int ; value, push offset 24
// CHECK: capture g: int[5][4][3][2] ; view
#include <camp.h>

int main(void) {
    static int g[2][3][4][5];
    parallel_for_each(i, extent(2, 3, 4, 5)) { g[i[0]][i[1]][i[2]][i[3]] = i[1]; }
    return g[1][2][3][4];
}
