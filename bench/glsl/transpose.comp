// transpose: out = in^T, n x n floats; each workgroup of 32 x 8 threads
// moves one 32 x 32 block through shared memory (4 rows per thread),
// padded to 33 columns against bank conflicts.
#version 460
#extension GL_EXT_buffer_reference : require

#define BLOCK 32
#define ROWS 8
layout(local_size_x = BLOCK, local_size_y = ROWS) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutFloats { float v[]; };

layout(push_constant) uniform Args {
    Floats src;
    OutFloats dst;
    uint n;
};

shared float block[BLOCK][BLOCK + 1];

void main() {
    uint row0 = gl_WorkGroupID.y * BLOCK, col0 = gl_WorkGroupID.x * BLOCK;
    uint lx = gl_LocalInvocationID.x, ly = gl_LocalInvocationID.y;
    for (uint k = 0; k < BLOCK; k += ROWS) block[ly + k][lx] = src.v[(row0 + ly + k) * n + col0 + lx];
    barrier();
    for (uint k = 0; k < BLOCK; k += ROWS) dst.v[(col0 + ly + k) * n + row0 + lx] = block[lx][ly + k];
}
