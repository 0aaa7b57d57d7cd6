// Rank 4: the GPU's z is index component 0 times the size of component 1
// plus component 1, split again in the kernel's prologue.
// RUN: -S %s -o -
// CHECK: OpMemberName %camp_kernel_0_args 6 "i.extent1"
// CHECK: OpUMod %uint
// CHECK-NEXT: OpUDiv %uint
// CHECK: OpCompositeConstruct %v4int
#include <camp.h>

int main(void) {
    static int g[2][3][4][5];
    parallel_for_each(i, extent(2, 3, 4, 5)) { g[i[0]][i[1]][i[2]][i[3]] = i[1]; }
    return g[1][2][3][4];
}
