// The inclusive scan in one pass (decoupled look-back), hand-written: what
// Vulkan gives the algorithms library's scan on a device. Each workgroup of
// 256 threads takes the next block of 4,096 floats from a counter, loads it
// into shared memory, sums it, and publishes the sum in a 64-bit status word
// (the status in the high half, the float's bits in the low: one load reads
// both, no fence between them); subgroup 0 reads the words of the 32 blocks
// before its own at once, waits while any is unpublished, and adds sums back
// to the nearest block whose inclusive prefix is published, then publishes
// its own. A status is 2 * epoch + 1 (the block's sum) or 2 * epoch + 2 (its
// inclusive prefix): the last workgroup to finish moves the epoch on, so the
// words need no clearing between launches.
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_vote : require

#define TS 256
#define ITEMS 16
#define BLOCK (TS * ITEMS)
layout(local_size_x = TS) in;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer OutFloats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) coherent buffer Words { uint64_t w[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) coherent buffer Counters { uint u[]; };

// counters: the next block to take, the epoch, the workgroups finished
layout(push_constant) uniform Args {
    Floats src;
    OutFloats dst;
    Words status;
    Counters counters;
    uint n, blocks;
};

shared float block[BLOCK + BLOCK / 32]; // a word of padding every 32: a thread's 16 in distinct banks
shared float subgroup_sums[TS];
shared uint block_id, epoch;
shared float carry;

uint padded(uint i) { return i + (i >> 5); }
uint64_t load_word(int j) {
    return atomicLoad(status.w[j], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
}
void publish(uint j, uint state, float sum) {
    atomicStore(status.w[j], uint64_t(state) << 32 | uint64_t(floatBitsToUint(sum)), gl_ScopeDevice,
                gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
}

void main() {
    uint local = gl_LocalInvocationID.x;
    if (local == 0) {
        uint id = atomicAdd(counters.u[0], 1u);
        if (id == blocks - 1) atomicExchange(counters.u[0], 0u);
        block_id = id;
        epoch = atomicAdd(counters.u[1], 0u);
    }
    barrier();
    uint id = block_id, start = id * BLOCK, mine = local * ITEMS;
    uint SUM = 2 * epoch + 1, PREFIX = 2 * epoch + 2;
    for (uint k = 0; k < ITEMS; k++) {
        uint i = start + k * TS + local;
        block[padded(k * TS + local)] = i < n ? src.v[i] : 0.0;
    }
    barrier();
    float sum = 0.0;
    for (uint k = 0; k < ITEMS; k++) sum += block[padded(mine + k)];
    float through_mine = subgroupInclusiveAdd(sum);
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1) subgroup_sums[gl_SubgroupID] = through_mine;
    barrier();
    if (local == 0)
        for (uint s = 1; s < gl_NumSubgroups; s++) subgroup_sums[s] += subgroup_sums[s - 1];
    barrier();
    float before = (gl_SubgroupID > 0 ? subgroup_sums[gl_SubgroupID - 1] : 0.0) + (through_mine - sum);
    float total = subgroup_sums[gl_NumSubgroups - 1];
    if (gl_SubgroupID == 0) {
        uint lane = gl_SubgroupInvocationID, width = gl_SubgroupSize;
        float exclusive = 0.0;
        if (lane == 0) publish(id, id == 0 ? PREFIX : SUM, total);
        if (id > 0) {
            for (int base = int(id) - 1;; base -= int(width)) {
                int j = base - int(lane);
                uint64_t w = j >= 0 ? load_word(j) : uint64_t(PREFIX) << 32;
                while (subgroupAny(uint(w >> 32) < SUM))
                    if (uint(w >> 32) < SUM) w = load_word(j);
                uint nearest = subgroupMin(uint(w >> 32) == PREFIX ? lane : width);
                exclusive += subgroupAdd(lane <= nearest ? uintBitsToFloat(uint(w)) : 0.0);
                if (nearest < width) break;
            }
            if (lane == 0) publish(id, PREFIX, exclusive + total);
        }
        if (lane == 0) carry = exclusive;
    }
    barrier();
    float running = carry + before;
    for (uint k = 0; k < ITEMS; k++) {
        float v = block[padded(mine + k)];
        block[padded(mine + k)] = running + v;
        running += v;
    }
    barrier();
    for (uint k = 0; k < ITEMS; k++) {
        uint i = start + k * TS + local;
        if (i < n) dst.v[i] = block[padded(k * TS + local)];
    }
    if (local == 0 && atomicAdd(counters.u[2], 1u) == blocks - 1) {
        atomicExchange(counters.u[2], 0u);
        atomicAdd(counters.u[1], 1u);
    }
}
