// reduction_subgroup, second kernel: one workgroup of 256 threads adds the
// partial sums, each thread a strided share of them, then with subgroup
// operations.
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_GOOGLE_include_directive : require

#define TS 256
layout(local_size_x = TS) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutFloats { float v[]; };

layout(push_constant) uniform Args {
    Floats partial;
    OutFloats total;
    uint count;
};

#include "subgroup_sum.glsl"

void main() {
    uint local = gl_LocalInvocationID.x;
    float sum = 0.0;
    for (uint i = local; i < count; i += TS) sum += partial.v[i];
    sum = workgroup_sum(sum);
    if (gl_SubgroupID == 0 && gl_SubgroupInvocationID == 0) total.v[0] = sum;
}
