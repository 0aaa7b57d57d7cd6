// hgemm_coopmat: C = A x B, n x n, A and B in half and C in float, all
// row-major, on the tensor cores through GL_NV_cooperative_matrix: 16 x 16 x
// 16 fragments, half inputs, float accumulators.
//
// Each workgroup computes a TILE_M x TILE_N tile of C with SUBGROUPS_M x
// SUBGROUPS_N subgroups; each subgroup owns a block of TILE_M/SUBGROUPS_M
// x TILE_N/SUBGROUPS_N of the tile as that many 16 x 16 accumulator
// fragments (register blocking: an A fragment serves a row of them, a B
// fragment a column). Per step of TILE_K along k the workgroup copies
// A's TILE_M x TILE_K slice and B's TILE_K x TILE_N slice into shared
// memory in 16-byte loads and stores, each row padded by 16 bytes against
// bank conflicts. The loads of the next step are issued before the
// fragments of this one are multiplied, so their latency hides behind the
// math, and stored at the start of the next step: with STAGES = 2 into the
// other half of the double-buffered shared memory, one barrier per step;
// with STAGES = 1 into the same buffer, after a second barrier (half the
// shared memory, for larger tiles). Workgroups walk C in bands of BAND
// tile rows, column by column, so that a band's slices of A stay in the L2
// cache while the columns of B go by.
//
// Every size is a specialization constant, so one module serves every
// variant the host tries; the host picks variants whose slices divide
// evenly among the threads (bench/vulkan/hgemm_coopmat.c) and sets the
// workgroup size to SUBGROUPS_M x SUBGROUPS_N subgroups. n must be a
// multiple of TILE_M, TILE_N and TILE_K.
#version 460
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_NV_cooperative_matrix : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_control_flow_attributes : require

layout(constant_id = 0) const uint TILE_M = 128;
layout(constant_id = 1) const uint TILE_N = 128;
layout(constant_id = 2) const uint TILE_K = 32;
layout(constant_id = 3) const uint SUBGROUPS_M = 2;
layout(constant_id = 4) const uint SUBGROUPS_N = 2;
layout(constant_id = 5) const uint STAGES = 2;
layout(constant_id = 6) const uint BAND = 1;
// SUBGROUPS_M * SUBGROUPS_N * the device's subgroup size, set by the host.
layout(local_size_x_id = 7) in;

const uint FRAG = 16;                     // the fragments' M, N and K
const uint HALVES_PER_VEC = 8;            // halves in one 16-byte load
const uint THREADS = gl_WorkGroupSize.x;
const uint FRAGS_M = TILE_M / SUBGROUPS_M / FRAG, FRAGS_N = TILE_N / SUBGROUPS_N / FRAG;
// The shared slices, in uvec4s: rows padded by one uvec4.
const uint A_ROW_VECS = TILE_K / HALVES_PER_VEC, B_ROW_VECS = TILE_N / HALVES_PER_VEC;
const uint A_STRIDE = A_ROW_VECS + 1, B_STRIDE = B_ROW_VECS + 1;
const uint A_STAGE = TILE_M * A_STRIDE, B_STAGE = TILE_K * B_STRIDE;
// Each thread's share of a step's loads.
const uint A_LOADS = TILE_M * A_ROW_VECS / THREADS, B_LOADS = TILE_K * B_ROW_VECS / THREADS;

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Vecs { uvec4 v[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Floats { float v[]; };

layout(push_constant) uniform Args {
    Vecs a;
    Vecs b;
    Floats c;
    uint n;
};

shared uvec4 a_slices[STAGES * A_STAGE];
shared uvec4 b_slices[STAGES * B_STAGE];

uvec4 a_next[A_LOADS], b_next[B_LOADS];

// Loads the slices of the step at k0 (this workgroup's rows row0.. of A,
// columns col0.. of B) into a_next and b_next.
void fetch(uint row0, uint col0, uint k0) {
    uint n_vecs = n / HALVES_PER_VEC;
    [[unroll]] for (uint i = 0; i < A_LOADS; i++) {
        uint v = i * THREADS + gl_LocalInvocationIndex;
        a_next[i] = a.v[(row0 + v / A_ROW_VECS) * n_vecs + k0 / HALVES_PER_VEC + v % A_ROW_VECS];
    }
    [[unroll]] for (uint i = 0; i < B_LOADS; i++) {
        uint v = i * THREADS + gl_LocalInvocationIndex;
        b_next[i] = b.v[(k0 + v / B_ROW_VECS) * n_vecs + col0 / HALVES_PER_VEC + v % B_ROW_VECS];
    }
}

// Stores a_next and b_next into stage s of the shared slices.
void stash(uint s) {
    [[unroll]] for (uint i = 0; i < A_LOADS; i++) {
        uint v = i * THREADS + gl_LocalInvocationIndex;
        a_slices[s * A_STAGE + v / A_ROW_VECS * A_STRIDE + v % A_ROW_VECS] = a_next[i];
    }
    [[unroll]] for (uint i = 0; i < B_LOADS; i++) {
        uint v = i * THREADS + gl_LocalInvocationIndex;
        b_slices[s * B_STAGE + v / B_ROW_VECS * B_STRIDE + v % B_ROW_VECS] = b_next[i];
    }
}

void main() {
    // This workgroup's tile: bands of BAND tile rows (the last one maybe
    // fewer), each walked column by column.
    uint tiles_n = n / TILE_N, id = gl_WorkGroupID.y * tiles_n + gl_WorkGroupID.x;
    uint band = id / (BAND * tiles_n), in_band = id % (BAND * tiles_n);
    uint band_rows = min(BAND, n / TILE_M - band * BAND);
    uint row0 = (band * BAND + in_band % band_rows) * TILE_M, col0 = in_band / band_rows * TILE_N;
    // This subgroup's block of the tile, in rows and columns of the slices.
    uint block_row = gl_SubgroupID / SUBGROUPS_N * (TILE_M / SUBGROUPS_M);
    uint block_col = gl_SubgroupID % SUBGROUPS_N * (TILE_N / SUBGROUPS_N);

    fcoopmatNV<32, gl_ScopeSubgroup, FRAG, FRAG> acc[FRAGS_M][FRAGS_N];
    [[unroll]] for (uint i = 0; i < FRAGS_M; i++)
        [[unroll]] for (uint j = 0; j < FRAGS_N; j++) acc[i][j] = fcoopmatNV<32, gl_ScopeSubgroup, FRAG, FRAG>(0.0);

    fetch(row0, col0, 0);
    for (uint k0 = 0; k0 < n; k0 += TILE_K) {
        uint s = k0 / TILE_K % STAGES;
        if (STAGES == 1) barrier(); // the previous step's reads of the one buffer are done
        stash(s);
        barrier();
        if (k0 + TILE_K < n) fetch(row0, col0, k0 + TILE_K);
        [[unroll]] for (uint k = 0; k < TILE_K; k += FRAG) {
            fcoopmatNV<16, gl_ScopeSubgroup, FRAG, FRAG> a_frag[FRAGS_M];
            [[unroll]] for (uint i = 0; i < FRAGS_M; i++)
                coopMatLoadNV(a_frag[i], a_slices,
                              s * A_STAGE + (block_row + i * FRAG) * A_STRIDE + k / HALVES_PER_VEC, A_STRIDE, false);
            [[unroll]] for (uint j = 0; j < FRAGS_N; j++) {
                fcoopmatNV<16, gl_ScopeSubgroup, FRAG, FRAG> b_frag;
                coopMatLoadNV(b_frag, b_slices,
                              s * B_STAGE + k * B_STRIDE + (block_col + j * FRAG) / HALVES_PER_VEC, B_STRIDE, false);
                [[unroll]] for (uint i = 0; i < FRAGS_M; i++) acc[i][j] = coopMatMulAddNV(a_frag[i], b_frag, acc[i][j]);
            }
        }
    }

    [[unroll]] for (uint i = 0; i < FRAGS_M; i++)
        [[unroll]] for (uint j = 0; j < FRAGS_N; j++) {
            uint row = row0 + block_row + i * FRAG, col = col0 + block_col + j * FRAG;
            coopMatStoreNV(acc[i][j], c.v, row * n + col, n, false);
        }
}
