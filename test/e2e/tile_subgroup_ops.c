/* Every subgroup operation on int, unsigned, float, double and half in
 * tiled kernels, against the host's reference (subgroup_ops.h). Tiles of 12
 * threads: on a device whose subgroups have 8 (lavapipe), each tile is a
 * full subgroup and one of 4, partly filled; on one of 32, each tile is one
 * subgroup of 12. The values pass through tile_static memory and a barrier
 * first, as a tiled kernel's usually do. */
#include "subgroup_ops.h"

#include <math.h>

enum { TILE = 12, N = TILE * 20 };

static int in_int[N], predicates[N], res_int[TYPED_RESULTS * N], bits_int[BITWISE_RESULTS * N];
static unsigned in_uint[N], res_uint[TYPED_RESULTS * N], bits_uint[BITWISE_RESULTS * N], votes[VOTE_RESULTS * N];
static float in_float[N], res_float[TYPED_RESULTS * N];
static double in_double[N], res_double[TYPED_RESULTS * N];
static half in_half[N], res_half[TYPED_RESULTS * N];

int main(void) {
    for (int i = 0; i < N; i++) {
        in_int[i] = small_value(i + 1);
        in_uint[i] = wide_value(i + 7);
        in_float[i] = (float)small_value(i + 2);
        in_double[i] = small_value(i + 4) * 0.25;
        in_half[i] = (half)small_value(i + 9);
        predicates[i] = predicate(i);
    }
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
        subgroup_ops_float(in_float[t.global], &res_float[t.global], N);
    }
    parallel_for_each(t, tile(extent(N), TILE)) {
        subgroup_ops_double(in_double[t.global], &res_double[t.global], N);
    }
    parallel_for_each(t, tile(extent(N), TILE)) {
        subgroup_ops_half(in_half[t.global], &res_half[t.global], N);
    }
    subgroups g = subgroups_of(votes, N);
    expect_partly_filled(&g, N);
    check_votes(&g, predicates, votes, N);
    check_ids(&g, votes, N, TILE);
    check_int(&g, in_int, res_int, N, -__INT_MAX__ - 1, __INT_MAX__);
    check_bitwise_int(&g, in_int, bits_int, N);
    check_uint(&g, in_uint, res_uint, N, 0, ~0u);
    check_bitwise_uint(&g, in_uint, bits_uint, N);
    check_float(&g, in_float, res_float, N, -INFINITY, INFINITY);
    check_double(&g, in_double, res_double, N, -INFINITY, INFINITY);
    check_half(&g, in_half, res_half, N, (half)-INFINITY, (half)INFINITY);
    printf("subgroup operations in tiles of %d: %s\n", TILE, failures ? "FAILED" : "ok");
    free(g.first), free(g.count);
    return failures != 0;
}
