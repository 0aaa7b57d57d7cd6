// Rank 4: the GPU's z is index component 0 times the size of component 1
// plus component 1, split again in the kernel's prologue.
// RUN: -S %s -o -
// CHECK: OpMemberName %camp_kernel_0_args 6 "i.extent1"
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[EXTENT1_AT:%[0-9]+]] = OpAccessChain %_ptr_PushConstant_int %args %uint_6
// CHECK-NEXT: [[EXTENT1_INT:%[0-9]+]] = OpLoad %int [[EXTENT1_AT]]
// CHECK-NEXT: [[EXTENT1:%[0-9]+]] = OpBitcast %uint [[EXTENT1_INT]]
// CHECK-NEXT: [[I1:%[0-9]+]] = OpUMod %uint [[Z:%[0-9]+]] [[EXTENT1]]
// CHECK-NEXT: [[I0:%[0-9]+]] = OpUDiv %uint [[Z]] [[EXTENT1]]
// CHECK: [[I1_INT:%[0-9]+]] = OpBitcast %int [[I1]]
// CHECK-NEXT: [[I0_INT:%[0-9]+]] = OpBitcast %int [[I0]]
// CHECK-NEXT: [[INDEX:%[0-9]+]] = OpCompositeConstruct %v4int [[I0_INT]] [[I1_INT]]
// CHECK-NEXT: OpStore %i [[INDEX]]
// CHECK: OpFunctionEnd
#include <camp.h>

int main(void) {
    static int g[2][3][4][5];
    parallel_for_each(i, extent(2, 3, 4, 5)) { g[i[0]][i[1]][i[2]][i[3]] = i[1]; }
    return g[1][2][3][4];
}
