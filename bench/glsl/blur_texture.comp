// texture_blur's texture kernel: the 5 x 5 binomial blur of an n x n RGBA8
// image, 25 texel fetches from a sampled image, the result stored through
// a storage image; 32 x 8 threads per workgroup, x along the row.
#version 460
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 32, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform texture2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst;

layout(push_constant) uniform Args {
    int n;
};

const float W[5] = float[5](1.0 / 16.0, 4.0 / 16.0, 6.0 / 16.0, 4.0 / 16.0, 1.0 / 16.0);

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= n || p.y >= n) return;
    vec4 sum = vec4(0.0);
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            sum += W[dy + 2] * W[dx + 2] * texelFetch(src, clamp(p + ivec2(dx, dy), 0, n - 1), 0);
    imageStore(dst, p, sum);
}
