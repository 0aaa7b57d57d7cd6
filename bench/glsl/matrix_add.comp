// matrix_add: C = A + B, n x n floats, one thread per element; 32 x 8
// threads per workgroup, x along the row.
#version 460
#extension GL_EXT_buffer_reference : require

layout(local_size_x = 32, local_size_y = 8) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutFloats { float v[]; };

layout(push_constant) uniform Args {
    Floats a;
    Floats b;
    OutFloats c;
    uint n;
};

void main() {
    uvec2 id = gl_GlobalInvocationID.xy;
    if (id.x < n && id.y < n) {
        uint i = id.y * n + id.x;
        c.v[i] = a.v[i] + b.v[i];
    }
}
