// texture_get, texture_set and texture_sample lower to EX_TEXTURE on the
// handle's variable (a texture of the kernel, not a capture), each use of a
// texture a binding of its own in the order of first use: a sampled image,
// a storage image without a format, a combined image sampler.
// RUN: --dump-ir -c %s -o /dev/null
// CHECK-LABEL: kernel camp_kernel_0: rank 2, index idx
// CHECK-NEXT: texture in: float4, rank 2 ; read at binding 0
// CHECK-NEXT: texture w: float, rank 2 ; written at binding 1
// CHECK-NEXT: texture view: float2, rank 2 ; sampled at binding 2 with sampler linear
// CHECK: (texture get in (load idx))
// CHECK: (texture set w (load idx) {{.*}}(texture sample view linear
#include <camp.h>

int main(void) {
    texture_float4_2 in = texture_new(float4, extent(4, 4), 8, NULL);
    texture_float_2 out = texture_new(float, extent(4, 4), 16, NULL);
    texture_float2_2 pairs = texture_new(float2, extent(4, 4), 32, NULL);
    writeonly_texture_view_float_2 w = writeonly_texture_view(out);
    texture_view_float2_2 view = texture_view(pairs);
    camp_sampler linear = sampler(CAMP_FILTER_LINEAR, CAMP_ADDRESS_WRAP);
    parallel_for_each(idx, extent(4, 4)) {
        float4 c = texture_get(in, idx);
        texture_set(w, idx, c.x + texture_sample(view, linear, (float2){0.5f, 0.5f}).y);
    }
    texture_delete(in);
    texture_delete(out);
    texture_delete(pairs);
    return 0;
}
