// reduction's CUDA twin: the same two kernels, 256 threads per block.
#include "reduction_twin.h"

__global__ void reduction_tiles(const float *__restrict__ in, float *__restrict__ partial, unsigned) {
    __shared__ float sums[TS];
    unsigned local = threadIdx.x, base = blockIdx.x * REDUCTION_CHUNK;
    float sum = 0.0f;
    for (unsigned k = 0; k < ITEMS; k++) sum += in[base + k * TS + local];
    sums[local] = sum;
    __syncthreads();
    for (unsigned stride = TS / 2; stride > 0; stride /= 2) {
        if (local < stride) sums[local] += sums[local + stride];
        __syncthreads();
    }
    if (local == 0) partial[blockIdx.x] = sums[0];
}

__global__ void reduction_final(const float *__restrict__ partial, float *__restrict__ total, unsigned count) {
    __shared__ float sums[TS];
    unsigned local = threadIdx.x;
    float sum = 0.0f;
    for (unsigned i = local; i < count; i += TS) sum += partial[i];
    sums[local] = sum;
    __syncthreads();
    for (unsigned stride = TS / 2; stride > 0; stride /= 2) {
        if (local < stride) sums[local] += sums[local + stride];
        __syncthreads();
    }
    if (local == 0) total[0] = sums[0];
}

int main(int argc, char **argv) {
    return reduction_twin(argc, argv, "reduction", "cuda", reduction_tiles, 0, reduction_final);
}
