// reduction, first kernel: one workgroup of 256 threads per 4096 floats;
// each thread adds 16 of them (strided by 256), the workgroup adds its 256
// sums pairwise in shared memory and writes one partial sum.
#version 460
#extension GL_EXT_buffer_reference : require

#define TS 256
#define ITEMS 16
layout(local_size_x = TS) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutFloats { float v[]; };

layout(push_constant) uniform Args {
    Floats src;
    OutFloats partial;
};

shared float sums[TS];

void main() {
    uint local = gl_LocalInvocationID.x, base = gl_WorkGroupID.x * (TS * ITEMS);
    float sum = 0.0;
    for (uint k = 0; k < ITEMS; k++) sum += src.v[base + k * TS + local];
    sums[local] = sum;
    barrier();
    for (uint stride = TS / 2; stride > 0; stride /= 2) {
        if (local < stride) sums[local] += sums[local + stride];
        barrier();
    }
    if (local == 0) partial.v[gl_WorkGroupID.x] = sums[0];
}
