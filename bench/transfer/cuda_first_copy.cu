// cuda_first_copy — first_copy's CUDA twin: the context opens (a first small
// allocation), the host fills a matrix in malloc'd (pageable) memory, then
// copies it into a new device allocation with cudaMemcpy; then two later
// copies of the same bytes into new allocations (the steady state). The
// same BENCH lines as first_copy, impl=cuda-pageable; with `pinned`, the
// host's memory is pinned (cudaMallocHost, as it opens: CUDA's fastest
// copies), impl=cuda-pinned.
//
//   cuda_first_copy [MiB] [pinned]      (default 64)
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "../cuda/cuda_bench.h"

static double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static const char *impl = "cuda-pageable";

static void report(const char *name, size_t bytes, double ms) {
    printf("BENCH name=%s size=%zu impl=%s ms=%.3f value=%.3f unit=ms reps=1\n", name, bytes, impl, ms, ms);
}

int main(int argc, char **argv) {
    size_t mib = argc > 1 ? (size_t)atoi(argv[1]) : 64, n = mib << 18, bytes = n * sizeof(float);
    bool pinned = argc > 2 && argv[2][0] == 'p';
    if (pinned) impl = "cuda-pinned";
    double t0 = now_ms();
    int *tiny;
    CUDA(cudaMalloc(&tiny, 4 * sizeof(int)));
    float *host = NULL;
    if (pinned) CUDA(cudaMallocHost(&host, bytes));
    double t1 = now_ms();
    if (!pinned) host = (float *)malloc(bytes);
    if (!host) return 1;
    for (size_t i = 0; i < n; i++) host[i] = (float)(i % 1000);
    double t2 = now_ms();
    float *a;
    CUDA(cudaMalloc(&a, bytes));
    CUDA(cudaMemcpy(a, host, bytes, cudaMemcpyHostToDevice));
    double t3 = now_ms();
    report("first_copy_open", bytes, t1 - t0);
    report("first_copy_host_work", bytes, t2 - t1);
    report("first_copy_in", bytes, t3 - t2);
    for (int k = 2; k <= 3; k++) {
        double t4 = now_ms();
        float *b;
        CUDA(cudaMalloc(&b, bytes));
        CUDA(cudaMemcpy(b, host, bytes, cudaMemcpyHostToDevice));
        double t5 = now_ms();
        char name[32];
        snprintf(name, sizeof name, "first_copy_later%d", k);
        report(name, bytes, t5 - t4);
        CUDA(cudaFree(b));
    }
    float check;
    CUDA(cudaMemcpy(&check, a + n - 1, sizeof check, cudaMemcpyDeviceToHost));
    if (check != (float)((n - 1) % 1000)) {
        fprintf(stderr, "cuda_first_copy: wrong value %g\n", check);
        return 1;
    }
    CUDA(cudaFree(a));
    CUDA(cudaFree(tiny));
    if (pinned) CUDA(cudaFreeHost(host));
    else free(host);
    return 0;
}
