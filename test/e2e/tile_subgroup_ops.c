// needs: shaderInt64 shaderFloat64 shaderFloat16 subgroupBasic subgroupVote subgroupBallot subgroupShuffle subgroupShuffleRelative subgroupArithmetic shaderSubgroupExtendedTypes
// test: tiled
/* Every subgroup operation on int, unsigned, float, double and half in
 * tiled kernels, against the host's reference (subgroup_ops.h). Tiles of 12
 * threads: on a device whose subgroups have 8 (lavapipe), each tile is a
 * full subgroup and one of 4, partly filled; on one of 32, each tile is one
 * subgroup of 12. The int and unsigned values pass through tile_static
 * memory and a barrier first, as a tiled kernel's usually do. */
enum { TILE = 12, N = TILE * 20 };

#include "subgroup_ops.h"

int main(void) {
    set_inputs();
    parallel_for_each(t, tile(extent(N), TILE)) {
        subgroup_votes(predicates[t.global], &votes[t.global], N);
    }
    parallel_for_each(t, tile(extent(N), TILE)) {
        tile_static int shared[TILE];
        shared[t.local] = in_int[t.global];
        tile_barrier_wait(t.barrier);
        subgroup_ops_int(shared[t.local], &res_int[t.global], N);
        subgroup_bitwise_int(shared[t.local], &bits_int[t.global], N);
    }
    parallel_for_each(t, tile(extent(N), TILE)) {
        tile_static unsigned shared[TILE];
        shared[t.local] = in_uint[t.global];
        tile_barrier_wait(t.barrier);
        subgroup_ops_uint(shared[t.local], &res_uint[t.global], N);
        subgroup_bitwise_uint(shared[t.local], &bits_uint[t.global], N);
    }
    parallel_for_each(t, tile(extent(N), TILE)) {
        subgroup_ops_llong(in_llong[t.global], &res_llong[t.global], N);
        subgroup_bitwise_llong(in_llong[t.global], &bits_llong[t.global], N);
    }
    parallel_for_each(t, tile(extent(N), TILE)) {
        subgroup_ops_ullong(in_ullong[t.global], &res_ullong[t.global], N);
        subgroup_bitwise_ullong(in_ullong[t.global], &bits_ullong[t.global], N);
    }
    parallel_for_each(t, tile(extent(N), TILE)) {
        subgroup_ops_float(in_float[t.global], &res_float[t.global], N);
    }
    parallel_for_each(t, tile(extent(N), TILE)) {
        subgroup_ops_double(in_double[t.global], &res_double[t.global], N);
    }
    parallel_for_each(t, tile(extent(N), TILE)) {
        subgroup_ops_half(in_half[t.global], &res_half[t.global], N);
    }
    return check_results("in tiles of 12", TILE);
}
