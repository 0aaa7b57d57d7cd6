// Each kernel needs the subgroup features of the operations it uses, and
// only those: size, lane and id the basic ones, any and all the votes, ballot
// and broadcast the ballots, shuffle and shuffle_xor the shuffles, up and
// down the relative shuffles, reductions and scans the arithmetic ones,
// and any of them on half or a 64-bit integer the extended types; an amp
// function's count for the kernel that calls it.
// RUN: --dump-kernels %s -o /dev/null
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: device features: shaderInt64 subgroupBasic{{$}}
// CHECK-LABEL: kernel camp_kernel_1
// CHECK: device features: shaderInt64 subgroupBasic subgroupVote{{$}}
// CHECK-LABEL: kernel camp_kernel_2
// CHECK: device features: shaderInt64 subgroupBasic subgroupBallot{{$}}
// CHECK-LABEL: kernel camp_kernel_3
// CHECK: device features: shaderInt64 subgroupBasic subgroupShuffle{{$}}
// CHECK-LABEL: kernel camp_kernel_4
// CHECK: device features: shaderInt64 subgroupBasic subgroupShuffleRelative{{$}}
// CHECK-LABEL: kernel camp_kernel_5
// CHECK: device features: shaderInt64 subgroupBasic subgroupArithmetic{{$}}
// CHECK-LABEL: kernel camp_kernel_6
// CHECK: device features: shaderInt64 shaderFloat16 subgroupBasic subgroupArithmetic shaderSubgroupExtendedTypes{{$}}
// CHECK-LABEL: kernel camp_kernel_7
// CHECK: device features: shaderInt64 shaderFloat64 subgroupBasic subgroupShuffle{{$}}
// CHECK-LABEL: kernel camp_kernel_8
// CHECK: device features: shaderInt64 subgroupBasic subgroupArithmetic shaderSubgroupExtendedTypes{{$}}
#include <camp.h>

static float spread(float x) restrict(amp) { return subgroup_shuffle_xor(x, 1u); }

int main(void) {
    unsigned u[64];
    int a[64];
    float f[64];
    half h[64];
    double d[64];
    long long w[64];
    for (int i = 0; i < 64; i++) u[i] = 0, a[i] = i, f[i] = (float)i, h[i] = (half)1.0f, d[i] = i, w[i] = i;
    parallel_for_each(i, extent(64)) { u[i] = subgroup_size() + subgroup_lane() + subgroup_id(); }
    parallel_for_each(i, extent(64)) { a[i] = subgroup_any(a[i] > 3) + subgroup_all(a[i] > 3); }
    parallel_for_each(i, extent(64)) { u[i] = subgroup_ballot(a[i] & 1).x + (unsigned)subgroup_broadcast(a[i], 2); }
    parallel_for_each(i, extent(64)) { f[i] = spread(f[i]) + subgroup_shuffle(f[i], (unsigned)a[i]); }
    parallel_for_each(i, extent(64)) { a[i] = subgroup_shuffle_up(a[i], 1) + subgroup_shuffle_down(a[i], 2); }
    parallel_for_each(i, extent(64)) { u[i] = subgroup_reduce_or(u[i]) + subgroup_exclusive_add(u[i]); }
    parallel_for_each(i, extent(64)) { h[i] = subgroup_inclusive_min(h[i]); }
    parallel_for_each(i, extent(64)) { d[i] = subgroup_shuffle(d[i], 0u); }
    parallel_for_each(i, extent(64)) { w[i] = subgroup_reduce_xor(w[i]); }
    return (int)u[0] + a[0] + (int)f[0] + (int)h[0] + (int)d[0];
}
