// histogram: 256 bins of bytes read as words; one workgroup of 256 threads
// per 4096 words, each thread 16 words (strided by 256) counted with
// atomics on shared bins, then each bin added to the global bins.
#version 460
#extension GL_EXT_buffer_reference : require

#define TS 256
#define WORDS 16
layout(local_size_x = TS) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Words { uint v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Bins { uint v[]; };

layout(push_constant) uniform Args {
    Words words;
    Bins bins;
};

shared uint local_bins[256];

void main() {
    uint local = gl_LocalInvocationID.x, base = gl_WorkGroupID.x * (TS * WORDS);
    local_bins[local] = 0;
    barrier();
    for (uint k = 0; k < WORDS; k++) {
        uint w = words.v[base + k * TS + local];
        atomicAdd(local_bins[w & 255u], 1u);
        atomicAdd(local_bins[(w >> 8) & 255u], 1u);
        atomicAdd(local_bins[(w >> 16) & 255u], 1u);
        atomicAdd(local_bins[w >> 24], 1u);
    }
    barrier();
    uint count = local_bins[local];
    if (count != 0) atomicAdd(bins.v[local], count);
}
