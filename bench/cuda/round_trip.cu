// round_trip — CUDA's twin of queue_bench's round trip: one kernel adding 1
// to 4096 floats, the 16 KiB copied back to the host, the host waiting for
// it; `trips` times after 100 warm-up trips. Into pageable memory
// (malloc, as a campcc view over malloc'd memory is) and into pinned memory
// (cudaMallocHost, CUDA's fastest). Prints the median, mean and minimum in µs
// and one BENCH line per form.
//
//   round_trip [trips]      (default 2000)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_bench.h"

static const int N = 4096;

__global__ void add_one(float *v) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) v[i] += 1.0f;
}

static void trip(float *device, float *host) {
    add_one<<<N / 256, 256>>>(device);
    CUDA(cudaMemcpy(host, device, N * sizeof(float), cudaMemcpyDeviceToHost));
}

// Runs warm-up and timed trips into `host`; checks the last value seen.
static void measure(const char *form, float *device, float *host, int trips, int *done) {
    std::vector<double> us(trips);
    for (int t = 0; t < 100; t++) trip(device, host);
    for (int t = 0; t < trips; t++) {
        auto start = std::chrono::steady_clock::now();
        trip(device, host);
        us[t] = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    }
    *done += 100 + trips;
    if (host[0] != (float)*done || host[N - 1] != (float)*done) {
        fprintf(stderr, "round_trip: wrong result %g, expected %d\n", host[0], *done);
        exit(1);
    }
    double mean = 0;
    for (double u : us) mean += u;
    mean /= trips;
    std::sort(us.begin(), us.end());
    printf("round trip (kernel + copy back, %s): median %.2f us, mean %.2f us, min %.2f us (%d trips)\n", form,
           us[trips / 2], mean, us[0], trips);
    printf("BENCH name=round_trip size=16KiB impl=cuda-%s ms=%.6f value=%.3f unit=us reps=%d\n", form,
           us[trips / 2] / 1e3, us[trips / 2], trips);
}

int main(int argc, char **argv) {
    int trips = argc > 1 ? atoi(argv[1]) : 2000, done = 0;
    if (trips < 1) trips = 1;
    float *device, *pinned, *pageable = (float *)malloc(N * sizeof(float));
    CUDA(cudaMalloc(&device, N * sizeof(float)));
    CUDA(cudaMemset(device, 0, N * sizeof(float)));
    CUDA(cudaMallocHost(&pinned, N * sizeof(float)));
    measure("pageable", device, pageable, trips, &done);
    measure("pinned", device, pinned, trips, &done);
    CUDA(cudaFreeHost(pinned));
    CUDA(cudaFree(device));
    free(pageable);
    return 0;
}
