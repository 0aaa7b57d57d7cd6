// reduction_subgroup's CUDA twin: the same two kernels, 256 threads per
// block, each block adding its threads' sums with warp shuffles. Built
// with -DCUDA_BEST (bench/run's "cuda-best" column), the sum's fastest CUDA
// form instead: its first kernel a dot of float4s.
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

__global__ void reduction_final(const float *__restrict__ partial, float *__restrict__ total, unsigned count) {
    unsigned local = threadIdx.x;
    float sum = 0.0f;
    for (unsigned i = local; i < count; i += TS) sum += partial[i];
    sum = block_sum(sum);
    if (local == 0) total[0] = sum;
}

#ifdef CUDA_BEST
// A dot of float4s: each thread adds float4s in a grid-stride loop over as
// many blocks as the device keeps resident, one partial sum per block.
__global__ void reduction_tiles(const float *__restrict__ in, float *__restrict__ partial, unsigned n) {
    const float4 *in4 = (const float4 *)in; // n is a multiple of 4096
    float sum = 0.0f;
    for (unsigned i = blockIdx.x * TS + threadIdx.x; i < n / 4; i += gridDim.x * TS) {
        float4 v = in4[i];
        sum += (v.x + v.y) + (v.z + v.w);
    }
    sum = block_sum(sum);
    if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}

int main(int argc, char **argv) {
    unsigned blocks = cuda_bench_resident_blocks(reduction_tiles, TS);
    return reduction_twin(argc, argv, "reduction_subgroup", "cuda-best", reduction_tiles, blocks, reduction_final);
}
#else
__global__ void reduction_tiles(const float *__restrict__ in, float *__restrict__ partial, unsigned) {
    unsigned local = threadIdx.x, base = blockIdx.x * REDUCTION_CHUNK;
    float sum = 0.0f;
    for (unsigned k = 0; k < ITEMS; k++) sum += in[base + k * TS + local];
    sum = block_sum(sum);
    if (local == 0) partial[blockIdx.x] = sum;
}

int main(int argc, char **argv) {
    return reduction_twin(argc, argv, "reduction_subgroup", "cuda", reduction_tiles, 0, reduction_final);
}
#endif
