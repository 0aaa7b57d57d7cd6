/* stencil7's Vulkan twin (glsl/stencil7.comp): 32 x 8 x 1 threads per
 * workgroup. */
#include "../problems/stencil7.h"
#include "harness.h"

typedef struct stencil_args {
    VkDeviceAddress in, out;
    uint32_t n;
} stencil_args;

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "stencil7", STENCIL_SIZE, STENCIL_QUICK, STENCIL_RUNS);
    if (o.size * o.size * o.size > UINT32_MAX) bench_refuse(&o, "the twin indexes with 32 bits");
    vkb *v = vkb_open(&o, 2.0 * 4 * (double)o.size * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n * n;
    float *in = bench_alloc(&o, count * sizeof *in), *out = bench_alloc(&o, count * sizeof *out);
    stencil7_init(in, o.size);
    vkb_buffer inb = vkb_buffer_new(v, count * 4, in), outb = vkb_buffer_new(v, count * 4, NULL);
    vkb_kernel kernel = vkb_kernel_load(v, "stencil7", sizeof(stencil_args));
    stencil_args args = {inb.address, outb.address, (uint32_t)n};
    vkb_dispatch dispatch = {&kernel, &args, {(uint32_t)((n + 31) / 32), (uint32_t)((n + 7) / 8), (uint32_t)n}};
    double ms = vkb_measure(v, &o, &dispatch, 1);
    vkb_buffer_read(v, &outb, out);
    stencil7_check(&o, "vulkan", in, out);
    stencil7_report(&o, "vulkan", ms);
    vkb_kernel_free(v, &kernel);
    vkb_buffer_free(v, &inb);
    vkb_buffer_free(v, &outb);
    vkb_close(v);
    free(in);
    free(out);
    return 0;
}
