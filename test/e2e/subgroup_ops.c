// needs: shaderInt64 shaderFloat64 shaderFloat16 subgroupBasic subgroupVote subgroupBallot subgroupShuffle subgroupShuffleRelative subgroupArithmetic shaderSubgroupExtendedTypes
/* Every subgroup operation on int, unsigned, float, double and half in
 * untiled kernels, against the host's reference (subgroup_ops.h): 1003
 * threads, so the last subgroup is partly filled on any subgroup size above
 * one. The serial mode (subgroups of one thread) prints the same. */
enum { N = 1003 };

#include "subgroup_ops.h"

int main(void) {
    set_inputs();
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
        subgroup_ops_llong(in_llong[i], &res_llong[i], N);
        subgroup_bitwise_llong(in_llong[i], &bits_llong[i], N);
    }
    parallel_for_each(i, extent(N)) {
        subgroup_ops_ullong(in_ullong[i], &res_ullong[i], N);
        subgroup_bitwise_ullong(in_ullong[i], &bits_ullong[i], N);
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
    return check_results("on 1003 threads", 0);
}
