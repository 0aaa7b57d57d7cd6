// warp_sum.h — the warp-shuffle sums reduction_subgroup.cu and
// reduction_best.cu share, and the kernel that adds the partial sums with
// them (one block).
#ifndef WARP_SUM_H
#define WARP_SUM_H
#include "reduction_twin.h"

// The sum of v over the warp, in every lane (a butterfly, as
// subgroup_reduce_add and subgroupAdd give it).
__device__ float warp_sum(float v) {
    for (int mask = 16; mask > 0; mask /= 2) v += __shfl_xor_sync(0xffffffffu, v, mask);
    return v;
}

// The sum of the block's values v, in its first warp's threads (0 elsewhere).
__device__ float block_sum(float v) {
    __shared__ float sums[TS / 32];
    unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    float warp_total = warp_sum(v);
    if (lane == 0) sums[warp] = warp_total;
    __syncthreads();
    return warp == 0 ? warp_sum(lane < TS / 32 ? sums[lane] : 0.0f) : 0.0f;
}

__global__ void reduction_final_warps(const float *__restrict__ partial, float *__restrict__ total, unsigned count) {
    unsigned local = threadIdx.x;
    float sum = 0.0f;
    for (unsigned i = local; i < count; i += TS) sum += partial[i];
    sum = block_sum(sum);
    if (local == 0) total[0] = sum;
}

#endif
