// stencil7's CUDA twin: one thread per point, 32 x 8 x 1 threads per block.
#include "../problems/stencil7.h"
#include "cuda_bench.h"

__global__ void stencil7(const float *__restrict__ in, float *__restrict__ out, unsigned n) {
    unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z;
    if (x >= n || y >= n || z >= n) return;
    unsigned plane = n * n, i = z * plane + y * n + x;
    float c = in[i];
    if (x > 0 && y > 0 && z > 0 && x < n - 1 && y < n - 1 && z < n - 1)
        c = STENCIL_C0 * c + STENCIL_C1 * (in[i - 1] + in[i + 1] + in[i - n] + in[i + n] + in[i - plane] + in[i + plane]);
    out[i] = c;
}

struct stencil_data {
    unsigned n;
    int runs;
    const float *in;
    float *out;
};

static void repetition(void *context) {
    stencil_data *d = (stencil_data *)context;
    dim3 block(32, 8, 1), grid((d->n + 31) / 32, (d->n + 7) / 8, d->n);
    for (int r = 0; r < d->runs; r++) stencil7<<<grid, block>>>(d->in, d->out, d->n);
    cuda_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "stencil7", STENCIL_SIZE, STENCIL_QUICK, STENCIL_RUNS);
    if (o.size * o.size * o.size > 0xffffffffll) bench_refuse(&o, "the twin indexes with 32 bits");
    cuda_bench_require(&o, 2.0 * 4 * (double)o.size * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n * n;
    float *in = (float *)bench_alloc(&o, count * sizeof *in), *out = (float *)bench_alloc(&o, count * sizeof *out);
    stencil7_init(in, o.size);
    stencil_data d = {(unsigned)n, o.runs, cuda_bench_new(count, in), cuda_bench_new<float>(count, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    cuda_bench_read(out, d.out, count);
    stencil7_check(&o, "cuda", in, out);
    stencil7_report(&o, "cuda", ms);
    CUDA(cudaFree((void *)d.in));
    CUDA(cudaFree(d.out));
    free(in);
    free(out);
    return 0;
}
