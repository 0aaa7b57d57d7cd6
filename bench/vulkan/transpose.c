/* transpose's Vulkan twin (glsl/transpose.comp): 32 x 8 threads per
 * workgroup, one 32 x 32 block each. */
#include "../problems/transpose.h"
#include "harness.h"

typedef struct transpose_args {
    VkDeviceAddress in, out;
    uint32_t n;
} transpose_args;

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "transpose", TRANSPOSE_SIZE, TRANSPOSE_QUICK, TRANSPOSE_RUNS);
    transpose_validate(&o);
    if (o.size * o.size > UINT32_MAX) bench_refuse(&o, "the twin indexes with 32 bits");
    vkb *v = vkb_open(&o, 2.0 * 4 * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *in = bench_alloc(&o, count * sizeof *in), *out = bench_alloc(&o, count * sizeof *out);
    transpose_init(in, o.size);
    vkb_buffer inb = vkb_buffer_new(v, count * 4, in), outb = vkb_buffer_new(v, count * 4, NULL);
    vkb_kernel kernel = vkb_kernel_load(v, "transpose", sizeof(transpose_args));
    transpose_args args = {inb.address, outb.address, (uint32_t)n};
    uint32_t blocks = (uint32_t)(n / TRANSPOSE_BLOCK);
    vkb_dispatch dispatch = {&kernel, &args, {blocks, blocks, 1}};
    double ms = vkb_measure(v, &o, &dispatch, 1);
    vkb_buffer_read(v, &outb, out);
    transpose_check(&o, "vulkan", in, out);
    transpose_report(&o, "vulkan", ms);
    vkb_kernel_free(v, &kernel);
    vkb_buffer_free(v, &inb);
    vkb_buffer_free(v, &outb);
    vkb_close(v);
    free(in);
    free(out);
    return 0;
}
