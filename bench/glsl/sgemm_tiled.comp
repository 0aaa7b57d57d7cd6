// sgemm_tiled: C = A x B, n x n floats; each 16 x 16 workgroup computes a
// 16 x 16 block of C, staging 16 x 16 blocks of A and B in shared memory.
#version 460
#extension GL_EXT_buffer_reference : require

#define TS 16
layout(local_size_x = TS, local_size_y = TS) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutFloats { float v[]; };

layout(push_constant) uniform Args {
    Floats a;
    Floats b;
    OutFloats c;
    uint n;
};

shared float as[TS][TS];
shared float bs[TS][TS];

void main() {
    uint row = gl_GlobalInvocationID.y, col = gl_GlobalInvocationID.x;
    uint ly = gl_LocalInvocationID.y, lx = gl_LocalInvocationID.x;
    float sum = 0.0;
    for (uint k0 = 0; k0 < n; k0 += TS) {
        as[ly][lx] = a.v[row * n + k0 + lx];
        bs[ly][lx] = b.v[(k0 + ly) * n + col];
        barrier();
        for (uint k = 0; k < TS; k++) sum += as[ly][k] * bs[k][lx];
        barrier();
    }
    c.v[row * n + col] = sum;
}
