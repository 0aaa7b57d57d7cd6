/* Every subgroup operation on int, unsigned, float, double and half in
 * untiled kernels, against the host's reference (subgroup_ops.h): 1003
 * threads, so the last subgroup is partly filled on any subgroup size above
 * one. The serial mode (subgroups of one thread) prints the same. */
#include "subgroup_ops.h"

#include <math.h>

enum { N = 1003 };

static int in_int[N], predicates[N], res_int[TYPED_RESULTS * N], bits_int[BITWISE_RESULTS * N];
static unsigned in_uint[N], res_uint[TYPED_RESULTS * N], bits_uint[BITWISE_RESULTS * N], votes[VOTE_RESULTS * N];
static float in_float[N], res_float[TYPED_RESULTS * N];
static double in_double[N], res_double[TYPED_RESULTS * N];
static half in_half[N], res_half[TYPED_RESULTS * N];

int main(void) {
    for (int i = 0; i < N; i++) {
        in_int[i] = small_value(i);
        in_uint[i] = wide_value(i);
        in_float[i] = (float)small_value(i + 5);
        in_double[i] = small_value(i + 11) * 0.5;
        in_half[i] = (half)small_value(i + 3);
        predicates[i] = predicate(i);
    }
    parallel_for_each(i, extent(N)) {
        subgroup_votes(predicates[i], &votes[i], N);
    }
    parallel_for_each(i, extent(N)) {
        subgroup_ops_int(in_int[i], &res_int[i], N);
        subgroup_bitwise_int(in_int[i], &bits_int[i], N);
    }
    parallel_for_each(i, extent(N)) {
        subgroup_ops_uint(in_uint[i], &res_uint[i], N);
        subgroup_bitwise_uint(in_uint[i], &bits_uint[i], N);
    }
    parallel_for_each(i, extent(N)) {
        subgroup_ops_float(in_float[i], &res_float[i], N);
    }
    parallel_for_each(i, extent(N)) {
        subgroup_ops_double(in_double[i], &res_double[i], N);
    }
    parallel_for_each(i, extent(N)) {
        subgroup_ops_half(in_half[i], &res_half[i], N);
    }
    subgroups g = subgroups_of(votes, N);
    expect_partly_filled(&g, N);
    check_votes(&g, predicates, votes, N);
    check_ids(&g, votes, N, 0);
    check_int(&g, in_int, res_int, N, -__INT_MAX__ - 1, __INT_MAX__);
    check_bitwise_int(&g, in_int, bits_int, N);
    check_uint(&g, in_uint, res_uint, N, 0, ~0u);
    check_bitwise_uint(&g, in_uint, bits_uint, N);
    check_float(&g, in_float, res_float, N, -INFINITY, INFINITY);
    check_double(&g, in_double, res_double, N, -INFINITY, INFINITY);
    check_half(&g, in_half, res_half, N, (half)-INFINITY, (half)INFINITY);
    printf("subgroup operations on %d threads: %s\n", N, failures ? "FAILED" : "ok");
    free(g.first), free(g.count);
    return failures != 0;
}
