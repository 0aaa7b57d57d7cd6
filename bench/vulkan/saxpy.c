/* saxpy's Vulkan twin (glsl/saxpy.comp): 256 threads per workgroup. */
#include "../problems/saxpy.h"
#include "harness.h"
#include "saxpy_args.h"

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "saxpy", SAXPY_SIZE, SAXPY_QUICK, SAXPY_RUNS);
    if (o.size > UINT32_MAX) bench_refuse(&o, "the twin indexes with 32 bits");
    vkb *v = vkb_open(&o, 2.0 * 4 * (double)o.size);
    size_t n = (size_t)o.size;
    float *x = bench_alloc(&o, n * sizeof *x), *y = bench_alloc(&o, n * sizeof *y);
    saxpy_init(x, y, o.size);
    vkb_buffer xb = vkb_buffer_new(v, n * sizeof *x, x), yb = vkb_buffer_new(v, n * sizeof *y, y);
    vkb_kernel kernel = vkb_kernel_load(v, "saxpy", sizeof(saxpy_args));
    saxpy_args args = {xb.address, yb.address, SAXPY_A, (uint32_t)n};
    vkb_dispatch dispatch = {&kernel, &args, {(uint32_t)((n + 255) / 256), 1, 1}};
    double ms = vkb_measure(v, &o, &dispatch, 1);
    vkb_buffer_read(v, &yb, y);
    saxpy_check(&o, "vulkan", y);
    saxpy_report(&o, "vulkan", ms);
    vkb_kernel_free(v, &kernel);
    vkb_buffer_free(v, &xb);
    vkb_buffer_free(v, &yb);
    vkb_close(v);
    free(x);
    free(y);
    return 0;
}
