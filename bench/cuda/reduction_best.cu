// The sum's fastest CUDA form, bench/run's "cuda-best" column beside
// reduction_subgroup: a dot of float4s. Each thread adds float4s in a
// grid-stride loop over as many blocks of 256 threads as the device keeps
// resident, each block adds its threads' sums with warp shuffles (one
// partial sum per block), then one block adds the partial sums.
#include "warp_sum.h"

__global__ void reduction_dot(const float *__restrict__ in, float *__restrict__ partial, unsigned n) {
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
    unsigned blocks = cuda_bench_resident_blocks(reduction_dot, TS);
    return reduction_twin(argc, argv, "reduction_subgroup", "cuda-best", reduction_dot, blocks, reduction_final_warps);
}
