// sgemm_tiled's CUDA twin: 16 x 16 threads per block, one element of C
// each, 16 x 16 blocks of A and B staged in shared memory.
#include "sgemm_twin.h"

#define TS SGEMM_TILE

__global__ void sgemm_tiled(unsigned n, const float *__restrict__ a, const float *__restrict__ b,
                            float *__restrict__ c) {
    __shared__ float as[TS][TS];
    __shared__ float bs[TS][TS];
    unsigned ly = threadIdx.y, lx = threadIdx.x, row = blockIdx.y * TS + ly, col = blockIdx.x * TS + lx;
    float sum = 0.0f;
    for (unsigned k0 = 0; k0 < n; k0 += TS) {
        as[ly][lx] = a[row * n + k0 + lx];
        bs[ly][lx] = b[(k0 + ly) * n + col];
        __syncthreads();
        for (unsigned k = 0; k < TS; k++) sum += as[ly][k] * bs[k][lx];
        __syncthreads();
    }
    c[row * n + col] = sum;
}

static void launch(unsigned n, const float *a, const float *b, float *c) {
    sgemm_tiled<<<dim3(n / TS, n / TS), dim3(TS, TS)>>>(n, a, b, c);
}

int main(int argc, char **argv) { return sgemm_twin(argc, argv, "sgemm_tiled", "cuda", launch, TS, SGEMM_TILED_RUNS); }
