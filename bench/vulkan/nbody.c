/* nbody's Vulkan twin (glsl/nbody.comp): 256 threads per workgroup. */
#include "../problems/nbody.h"
#include "harness.h"

typedef struct nbody_args {
    VkDeviceAddress bodies, acc;
    uint32_t n;
} nbody_args;

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "nbody", NBODY_SIZE, NBODY_QUICK, NBODY_RUNS);
    nbody_validate(&o);
    if (o.size > UINT32_MAX) bench_refuse(&o, "the twin indexes with 32 bits");
    vkb *v = vkb_open(&o, 2.0 * 16 * (double)o.size);
    size_t n = (size_t)o.size;
    float *bodies = bench_alloc(&o, n * 16), *acc = bench_alloc(&o, n * 16);
    nbody_init(bodies, o.size);
    vkb_buffer bodiesb = vkb_buffer_new(v, n * 16, bodies), accb = vkb_buffer_new(v, n * 16, NULL);
    vkb_kernel kernel = vkb_kernel_load(v, "nbody", sizeof(nbody_args));
    nbody_args args = {bodiesb.address, accb.address, (uint32_t)n};
    vkb_dispatch dispatch = {&kernel, &args, {(uint32_t)(n / NBODY_TILE), 1, 1}};
    double ms = vkb_measure(v, &o, &dispatch, 1);
    vkb_buffer_read(v, &accb, acc);
    nbody_check(&o, "vulkan", bodies, acc);
    nbody_report(&o, "vulkan", ms);
    vkb_kernel_free(v, &kernel);
    vkb_buffer_free(v, &bodiesb);
    vkb_buffer_free(v, &accb);
    vkb_close(v);
    free(bodies);
    free(acc);
    return 0;
}
