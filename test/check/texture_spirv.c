// The SPIR-V of textures: images without a format (the texture's format
// converts), read by OpImageFetch of a sampled image, written by
// OpImageWrite of a storage image (NonReadable), sampled at level 0 and
// gathered through a combined image sampler, at bindings of set 0; the
// index's component 0 (the row) is the image's y.
// RUN: -S %s -o -
// CHECK: OpCapability StorageImageWriteWithoutFormat
// CHECK: OpDecorate %{{[a-z_0-9]+}} DescriptorSet 0
// CHECK: OpDecorate %{{[a-z_0-9]+}} NonReadable
// CHECK: [[SAMPLED:%[0-9]+]] = OpTypeImage %float 2D 0 0 0 1 Unknown
// CHECK: OpTypeSampledImage
// CHECK: [[STORAGE:%[0-9]+]] = OpTypeImage %float 2D 0 0 0 2 Unknown
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: [[IN:%[0-9]+]] = OpLoad [[SAMPLED]] %in
// CHECK: [[IDX:%[0-9]+]] = OpVectorShuffle %v2int {{%[0-9]+}} {{%[0-9]+}} 1 0
// CHECK-NEXT: [[C:%[0-9]+]] = OpImageFetch %v4float [[IN]] [[IDX]] Lod %int_0
// CHECK-NEXT: OpStore %c [[C]]
// CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Lod %float_0
// CHECK: OpImageGather %v4float {{%[0-9]+}} {{%[0-9]+}} %int_3
// CHECK: [[W:%[0-9]+]] = OpLoad [[STORAGE]] %w
// CHECK: [[AT:%[0-9]+]] = OpVectorShuffle %v2int {{%[0-9]+}} {{%[0-9]+}} 1 0
// CHECK-NEXT: [[TEXEL:%[0-9]+]] = OpLoad %v4float %c
// CHECK-NEXT: OpImageWrite [[W]] [[AT]] [[TEXEL]]
// CHECK: OpFunctionEnd
#include <camp.h>

int main(void) {
    texture_unorm4_2 in = texture_new(unorm4, extent(4, 4), 8, NULL);
    texture_unorm4_2 out = texture_new(unorm4, extent(4, 4), 8, NULL);
    writeonly_texture_view_unorm4_2 w = writeonly_texture_view(out);
    texture_view_unorm4_2 view = texture_view(in);
    camp_sampler point = sampler(CAMP_FILTER_POINT, CAMP_ADDRESS_CLAMP);
    parallel_for_each(idx, extent(4, 4)) {
        unorm4 c = texture_get(in, idx);
        c += texture_sample(view, point, (float2){0.5f, 0.5f});
        c += texture_gather_alpha(view, point, (float2){0.5f, 0.5f});
        texture_set(w, idx, c);
    }
    texture_delete(in);
    texture_delete(out);
    return 0;
}
