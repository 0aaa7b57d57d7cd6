/* sgemm_twin.h — the program around an SGEMM shader (sgemm_tiled.c,
 * sgemm_blocked.c): data, timing, check and report. */
#ifndef SGEMM_TWIN_H
#define SGEMM_TWIN_H
#include "../problems/sgemm.h"
#include "harness.h"

typedef struct sgemm_args {
    VkDeviceAddress a, b, c;
    uint32_t n;
} sgemm_args;

/* The benchmark `name` of shader `name`.spv, for sizes that are multiples
 * of `block`, one workgroup per block x block of C. */
static int sgemm_twin(int argc, char **argv, const char *name, int block, int runs) {
    bench_options o = bench_parse(argc, argv, name, SGEMM_SIZE, SGEMM_QUICK, runs);
    sgemm_validate(&o, block);
    vkb *v = vkb_open(&o, 3.0 * 4 * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *a = bench_alloc(&o, count * sizeof *a), *b = bench_alloc(&o, count * sizeof *b);
    float *c = bench_alloc(&o, count * sizeof *c);
    sgemm_init(a, b, o.size);
    vkb_buffer ab = vkb_buffer_new(v, count * 4, a), bb = vkb_buffer_new(v, count * 4, b);
    vkb_buffer cb = vkb_buffer_new(v, count * 4, NULL);
    vkb_kernel kernel = vkb_kernel_load(v, name, sizeof(sgemm_args));
    sgemm_args args = {ab.address, bb.address, cb.address, (uint32_t)n};
    uint32_t blocks = (uint32_t)(n / (size_t)block);
    vkb_dispatch dispatch = {&kernel, &args, {blocks, blocks, 1}};
    double ms = vkb_measure(v, &o, &dispatch, 1);
    vkb_buffer_read(v, &cb, c);
    sgemm_check(&o, "vulkan", a, b, c);
    sgemm_report(&o, "vulkan", ms);
    vkb_kernel_free(v, &kernel);
    vkb_buffer_free(v, &ab);
    vkb_buffer_free(v, &bb);
    vkb_buffer_free(v, &cb);
    vkb_close(v);
    free(a);
    free(b);
    free(c);
    return 0;
}
#endif
