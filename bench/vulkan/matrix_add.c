/* matrix_add's Vulkan twin (glsl/matrix_add.comp): 32 x 8 threads per
 * workgroup. */
#include "../problems/matrix_add.h"
#include "harness.h"

typedef struct matrix_add_args {
    VkDeviceAddress a, b, c;
    uint32_t n;
} matrix_add_args;

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "matrix_add", MATRIX_ADD_SIZE, MATRIX_ADD_QUICK, MATRIX_ADD_RUNS);
    if (o.size * o.size > UINT32_MAX) bench_refuse(&o, "the twin indexes with 32 bits");
    vkb *v = vkb_open(&o, 3.0 * 4 * (double)o.size * (double)o.size);
    size_t n = (size_t)o.size, count = n * n;
    float *a = bench_alloc(&o, count * sizeof *a), *b = bench_alloc(&o, count * sizeof *b);
    matrix_add_init(a, b, o.size);
    vkb_buffer ab = vkb_buffer_new(v, count * 4, a), bb = vkb_buffer_new(v, count * 4, b);
    vkb_buffer cb = vkb_buffer_new(v, count * 4, NULL);
    vkb_kernel kernel = vkb_kernel_load(v, "matrix_add", sizeof(matrix_add_args));
    matrix_add_args args = {ab.address, bb.address, cb.address, (uint32_t)n};
    vkb_dispatch dispatch = {&kernel, &args, {(uint32_t)((n + 31) / 32), (uint32_t)((n + 7) / 8), 1}};
    double ms = vkb_measure(v, &o, &dispatch, 1);
    vkb_buffer_read(v, &cb, a); /* a's memory holds c now */
    matrix_add_check(&o, "vulkan", a);
    matrix_add_report(&o, "vulkan", ms);
    vkb_kernel_free(v, &kernel);
    vkb_buffer_free(v, &ab);
    vkb_buffer_free(v, &bb);
    vkb_buffer_free(v, &cb);
    vkb_close(v);
    free(a);
    free(b);
    return 0;
}
