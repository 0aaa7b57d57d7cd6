// A swizzle that leaves a lane unread loads its vector at the scalar's
// alignment (NVIDIA's compiler then loads only the lanes read); one that
// reads every lane, and a whole vector, at the vector's.
// RUN: -O0 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[XYZW:%[0-9]+]] = OpLoad %v4float {{%[0-9]+}} Aligned 4
// CHECK-NEXT: [[P:%[0-9]+]] = OpVectorShuffle %v3float [[XYZW]] [[XYZW]] 0 1 2
// CHECK-NEXT: OpStore %p [[P]]
// CHECK: [[WZYX:%[0-9]+]] = OpLoad %v4float {{%[0-9]+}} Aligned 16
// CHECK-NEXT: [[Q:%[0-9]+]] = OpVectorShuffle %v4float [[WZYX]] [[WZYX]] 3 2 1 0
// CHECK-NEXT: OpStore %q [[Q]]
// CHECK: [[R:%[0-9]+]] = OpLoad %v4float {{%[0-9]+}} Aligned 16
// CHECK-NEXT: OpStore %r [[R]]
// CHECK-NOT: OpVectorShuffle
// CHECK: OpFunctionEnd
#include <camp.h>

int main(void) {
    float4 v[64] = {{0}};
    float4 w[64];
    parallel_for_each(i, extent(64)) {
        float3 p = v[i].xyz;  /* lane w unread: Aligned 4 */
        float4 q = v[i].wzyx; /* every lane: Aligned 16 */
        float4 r = v[i];      /* the whole vector: Aligned 16 */
        w[i] = (float4){p.x, p.y, p.z, 0.0f} + q + r;
    }
    return (int)w[0].x;
}
