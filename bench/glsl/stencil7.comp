// stencil7: the 7-point stencil over an n^3 grid, one thread per point;
// 32 x 8 x 1 threads per workgroup, x along the row.
#version 460
#extension GL_EXT_buffer_reference : require

layout(local_size_x = 32, local_size_y = 8, local_size_z = 1) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutFloats { float v[]; };

layout(push_constant) uniform Args {
    Floats src;
    OutFloats dst;
    uint n;
};

const float C0 = 0.5, C1 = 1.0 / 12.0;

void main() {
    uvec3 p = gl_GlobalInvocationID;
    if (p.x >= n || p.y >= n || p.z >= n) return;
    uint plane = n * n, i = p.z * plane + p.y * n + p.x;
    float c = src.v[i];
    if (p.x > 0 && p.y > 0 && p.z > 0 && p.x < n - 1 && p.y < n - 1 && p.z < n - 1)
        c = C0 * c + C1 * (src.v[i - 1] + src.v[i + 1] + src.v[i - n] + src.v[i + n] + src.v[i - plane] +
                           src.v[i + plane]);
    dst.v[i] = c;
}
