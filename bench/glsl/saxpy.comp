// saxpy: y = a * x + y, one thread per element, 256 threads per workgroup.
#version 460
#extension GL_EXT_buffer_reference : require

layout(local_size_x = 256) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer MutableFloats { float v[]; };

layout(push_constant) uniform Args {
    Floats x;
    MutableFloats y;
    float a;
    uint n;
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < n) y.v[i] = a * x.v[i] + y.v[i];
}
