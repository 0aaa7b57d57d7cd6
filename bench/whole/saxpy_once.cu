// saxpy_once's CUDA twin: the same whole program (bench/whole/saxpy_once.c):
// host arrays, device allocations, copies in, one kernel, the copy back, exit.
//   saxpy_once_cuda [elements]
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
    float *x = (float *)malloc((size_t)n * sizeof *x), *y = (float *)malloc((size_t)n * sizeof *y);
    if (!x || !y) return 1;
    for (int i = 0; i < n; i++) x[i] = (float)(i % 1000), y[i] = (float)(i % 7);
    float *dx, *dy;
    if (cudaMalloc(&dx, (size_t)n * sizeof *x) != cudaSuccess || cudaMalloc(&dy, (size_t)n * sizeof *y) != cudaSuccess)
        return 1;
    cudaMemcpy(dx, x, (size_t)n * sizeof *x, cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y, (size_t)n * sizeof *y, cudaMemcpyHostToDevice);
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx, dy);
    cudaMemcpy(y, dy, (size_t)n * sizeof *y, cudaMemcpyDeviceToHost);
    long long wrong = 0;
    for (int i = 0; i < n; i++) wrong += y[i] != 2.0f * (float)(i % 1000) + (float)(i % 7);
    printf("saxpy_once cuda %d: %lld wrong\n", n, wrong);
    cudaFree(dx);
    cudaFree(dy);
    return wrong != 0;
}
