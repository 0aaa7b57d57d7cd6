// reduction_subgroup, first kernel: one workgroup of 256 threads per 4096
// floats; each thread adds 16 of them (strided by 256), the workgroup adds
// its threads' sums with subgroup operations and writes one partial sum.
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_GOOGLE_include_directive : require

#define TS 256
#define ITEMS 16
layout(local_size_x = TS) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutFloats { float v[]; };

layout(push_constant) uniform Args {
    Floats src;
    OutFloats partial;
};

#include "subgroup_sum.glsl"

void main() {
    uint local = gl_LocalInvocationID.x, base = gl_WorkGroupID.x * (TS * ITEMS);
    float sum = 0.0;
    for (uint k = 0; k < ITEMS; k++) sum += src.v[base + k * TS + local];
    sum = workgroup_sum(sum);
    if (gl_SubgroupID == 0 && gl_SubgroupInvocationID == 0) partial.v[gl_WorkGroupID.x] = sum;
}
