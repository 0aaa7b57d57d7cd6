// nbody: the accelerations of n bodies (vec4: x, y, z, mass) from each
// other; one thread per body, 256 per workgroup, staging 256 bodies at a
// time in shared memory.
#version 460
#extension GL_EXT_buffer_reference : require

#define TS 256
layout(local_size_x = TS) in;

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Bodies { vec4 v[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) writeonly buffer Accelerations { vec4 v[]; };

layout(push_constant) uniform Args {
    Bodies bodies;
    Accelerations acc;
    uint n;
};

const float EPS2 = 0.01;
shared vec4 staged[TS];

void main() {
    uint i = gl_GlobalInvocationID.x, local = gl_LocalInvocationID.x;
    vec3 p = bodies.v[i].xyz, a = vec3(0.0);
    for (uint j0 = 0; j0 < n; j0 += TS) {
        staged[local] = bodies.v[j0 + local];
        barrier();
        for (uint j = 0; j < TS; j++) {
            vec4 other = staged[j];
            vec3 dist = other.xyz - p;
            float inv = inversesqrt(dist.x * dist.x + dist.y * dist.y + dist.z * dist.z + EPS2);
            a += dist * (other.w * inv * inv * inv);
        }
        barrier();
    }
    acc.v[i] = vec4(a, 0.0);
}
