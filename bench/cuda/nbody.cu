// nbody's CUDA twin: one thread per body, 256 per block, 256 bodies at a
// time staged in shared memory; rsqrtf is the native reciprocal square root.
#include "../problems/nbody.h"
#include "cuda_bench.h"

#define TS NBODY_TILE

__global__ void nbody(const float4 *__restrict__ bodies, float4 *__restrict__ acc, unsigned n) {
    __shared__ float4 staged[TS];
    unsigned i = blockIdx.x * TS + threadIdx.x, local = threadIdx.x;
    float4 self = bodies[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (unsigned j0 = 0; j0 < n; j0 += TS) {
        staged[local] = bodies[j0 + local];
        __syncthreads();
        for (unsigned j = 0; j < TS; j++) {
            float4 other = staged[j];
            float dx = other.x - self.x, dy = other.y - self.y, dz = other.z - self.z;
            float inv = rsqrtf(dx * dx + dy * dy + dz * dz + NBODY_EPS2);
            float scale = other.w * inv * inv * inv;
            ax += dx * scale;
            ay += dy * scale;
            az += dz * scale;
        }
        __syncthreads();
    }
    acc[i] = make_float4(ax, ay, az, 0.0f);
}

struct nbody_data {
    unsigned n;
    int runs;
    const float4 *bodies;
    float4 *acc;
};

static void repetition(void *context) {
    nbody_data *d = (nbody_data *)context;
    for (int r = 0; r < d->runs; r++) nbody<<<d->n / TS, TS>>>(d->bodies, d->acc, d->n);
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "nbody", NBODY_SIZE, NBODY_QUICK, NBODY_RUNS);
    nbody_validate(&o);
    if (o.size > 0xffffffffll) bench_refuse(&o, "the twin indexes with 32 bits");
    cuda_bench_require(&o, 2.0 * 16 * (double)o.size);
    size_t n = (size_t)o.size;
    float *bodies = (float *)bench_alloc(&o, n * 16), *acc = (float *)bench_alloc(&o, n * 16);
    nbody_init(bodies, o.size);
    nbody_data d = {(unsigned)n, o.runs, cuda_bench_new(n, (const float4 *)bodies), cuda_bench_new<float4>(n, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read((float4 *)acc, d.acc, n);
    nbody_check(&o, "cuda", bodies, acc);
    nbody_report(&o, "cuda", ms);
    CUDA(cudaFree((void *)d.bodies));
    CUDA(cudaFree(d.acc));
    free(bodies);
    free(acc);
    return 0;
}
