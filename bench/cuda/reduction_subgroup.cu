// reduction_subgroup's CUDA twin: the same two kernels, 256 threads per
// block, each block adding its threads' sums with warp shuffles.
#include "warp_sum.h"

__global__ void reduction_tiles(const float *__restrict__ in, float *__restrict__ partial, unsigned) {
    unsigned local = threadIdx.x, base = blockIdx.x * REDUCTION_CHUNK;
    float sum = 0.0f;
    for (unsigned k = 0; k < ITEMS; k++) sum += in[base + k * TS + local];
    sum = block_sum(sum);
    if (local == 0) partial[blockIdx.x] = sum;
}

int main(int argc, char **argv) {
    return reduction_twin(argc, argv, "reduction_subgroup", "cuda", reduction_tiles, 0, reduction_final_warps);
}
