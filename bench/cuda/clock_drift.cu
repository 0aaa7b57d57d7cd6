// clock_drift.cu — the CUDA twin of bench/clock_drift.c: the same rounds of
// nine copy kernels over 64 Mi floats with the host sleeping between them.
// nvcc -O3 -arch=sm_90 bench/cuda/clock_drift.cu -o clock_drift_cuda
// usage: clock_drift_cuda [GAP_MS [ROUNDS]] (default 300 and 24)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <unistd.h>

enum { N = 64 << 20, PER_ROUND = 9 };

__global__ void copy(float *out, const float *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) out[i] = in[i];
}

static double now_ms() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    int gap_ms = argc > 1 ? atoi(argv[1]) : 300, rounds = argc > 2 ? atoi(argv[2]) : 24;
    float *in, *out;
    cudaMalloc(&in, N * sizeof(float));
    cudaMalloc(&out, N * sizeof(float));
    cudaMemset(in, 0, N * sizeof(float));
    for (int round = 0; round < rounds; round++) {
        double ms[PER_ROUND];
        for (int r = 0; r < PER_ROUND; r++) {
            double start = now_ms();
            copy<<<(N + 255) / 256, 256>>>(out, in);
            cudaDeviceSynchronize();
            ms[r] = now_ms() - start;
        }
        std::sort(ms, ms + PER_ROUND);
        printf("gap %d ms, round %2d: copy kernel %.0f GB/s\n", gap_ms, round,
               2.0 * N * sizeof(float) / ms[PER_ROUND / 2] / 1e6);
        fflush(stdout);
        usleep(gap_ms * 1000);
    }
    cudaFree(out);
    cudaFree(in);
    return 0;
}
