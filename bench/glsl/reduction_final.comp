// reduction, second kernel: one workgroup of 256 threads adds the partial
// sums, each thread a strided share of them, then pairwise in shared memory.
#version 460
#extension GL_EXT_buffer_reference : require

#define TS 256
layout(local_size_x = TS) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutFloats { float v[]; };

layout(push_constant) uniform Args {
    Floats partial;
    OutFloats total;
    uint count;
};

shared float sums[TS];

void main() {
    uint local = gl_LocalInvocationID.x;
    float sum = 0.0;
    for (uint i = local; i < count; i += TS) sum += partial.v[i];
    sums[local] = sum;
    barrier();
    for (uint stride = TS / 2; stride > 0; stride /= 2) {
        if (local < stride) sums[local] += sums[local + stride];
        barrier();
    }
    if (local == 0) total.v[0] = sums[0];
}
