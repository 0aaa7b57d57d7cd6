// The SPIR-V of a texture a kernel reads and writes (texture_set of the
// texture): one storage image declared R32i (no StorageImageReadWithoutFormat,
// no StorageImageWriteWithoutFormat), Coherent, read by OpImageRead; a tile
// barrier after the write orders image memory too (ImageMemory, 0x800, in
// its semantics 0x948). An amp function given the texture in one kernel and
// a texture it only reads (a sampled image, OpImageFetch) in another is two
// functions, one per binding.
// RUN: -S %s -o -
// CHECK-NOT: WithoutFormat
// CHECK: OpName %first "first"
// CHECK: OpName %first_0 "first"
// CHECK-NOT: WithoutFormat
// CHECK: OpDecorate %counts Coherent
// CHECK: [[STORAGE:%[0-9]+]] = OpTypeImage %int 2D 0 0 0 2 R32i
// CHECK: OpTypeImage %int 2D 0 0 0 1 Unknown
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[COUNTS:%[0-9]+]] = OpLoad [[STORAGE]] %counts
// CHECK: [[AT:%[0-9]+]] = OpVectorShuffle %v2int
// CHECK-NEXT: [[FIRST:%[0-9]+]] = OpFunctionCall %int %first
// CHECK-NEXT: [[PLUS_1:%[0-9]+]] = OpIAdd %int [[FIRST]] %int_1
// CHECK-NEXT: [[TEXEL:%[0-9]+]] = OpCompositeConstruct %v4int [[PLUS_1]]
// CHECK-NEXT: OpImageWrite [[COUNTS]] [[AT]] [[TEXEL]]
// CHECK-NEXT: OpControlBarrier %uint_2 %uint_2 %uint_2376
// CHECK: OpImageRead %v4int
// CHECK: OpFunctionEnd
// CHECK-LABEL: %camp_kernel_1 = OpFunction
// CHECK: OpFunctionCall %int %first_0
// CHECK: OpFunctionEnd
// CHECK-LABEL: %first = OpFunction
// CHECK-NOT: OpImageFetch
// CHECK: OpImageRead %v4int
// CHECK: OpFunctionEnd
// CHECK-LABEL: %first_0 = OpFunction
// CHECK-NOT: OpImageRead
// CHECK: OpImageFetch %v4int
// CHECK: OpFunctionEnd
#include <camp.h>

static int first(texture_int_2 t) restrict(amp) { return texture_get(t, ((int2){0, 0})); }

int main(void) {
    texture_int_2 counts = texture_new(int, extent(4, 4), 32, NULL);
    texture_int_2 fixed = texture_new(int, extent(4, 4), 32, NULL);
    int out[16];
    parallel_for_each(ti, tile(extent(4, 4), 4, 4)) {
        texture_set(counts, ti.global, first(counts) + 1);
        tile_barrier_wait(ti.barrier);
        out[ti.global.x * 4 + ti.global.y] = texture_get(counts, ((int2){3 - ti.local.x, 3 - ti.local.y}));
    }
    parallel_for_each(idx, extent(4, 4)) {
        out[idx.x * 4 + idx.y] += first(fixed);
    }
    texture_delete(counts);
    texture_delete(fixed);
    return out[0];
}
