// texture_blur's buffer kernel: the same blur over packed RGBA8 words in
// buffers (by device address); 32 x 8 threads per workgroup.
#version 460
#extension GL_EXT_buffer_reference : require

layout(local_size_x = 32, local_size_y = 8, local_size_z = 1) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Words { uint v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutWords { uint v[]; };

layout(push_constant) uniform Args {
    Words src;
    OutWords dst;
    int n;
};

const float W[5] = float[5](1.0 / 16.0, 4.0 / 16.0, 6.0 / 16.0, 4.0 / 16.0, 1.0 / 16.0);

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= n || p.y >= n) return;
    vec4 sum = vec4(0.0);
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) {
            ivec2 q = clamp(p + ivec2(dx, dy), 0, n - 1);
            sum += W[dy + 2] * W[dx + 2] * unpackUnorm4x8(src.v[q.y * n + q.x]);
        }
    dst.v[p.y * n + p.x] = packUnorm4x8(sum);
}
