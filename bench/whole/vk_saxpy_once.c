/* saxpy_once's hand-written Vulkan twin (bench/whole/saxpy_once.c), over
 * the kernel suite's harness (bench/vulkan/harness.h) and its saxpy shader:
 * the device opened, device-local buffers filled from the host arrays, one
 * dispatch, the copy back, exit.
 *   vk_saxpy_once [elements] */
#include <stdio.h>
#include <stdlib.h>

#include "../vulkan/harness.h"
#include "../vulkan/saxpy_args.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
    char *args[] = {argv[0], NULL};
    bench_options o = bench_parse(1, args, "saxpy_once", (long long)n, (long long)n, 1);
    float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    if (!x || !y) return 1;
    for (int i = 0; i < n; i++) x[i] = (float)(i % 1000), y[i] = (float)(i % 7);
    vkb *v = vkb_open(&o, 2.0 * 4 * (double)n);
    vkb_buffer xb = vkb_buffer_new(v, (size_t)n * sizeof *x, x), yb = vkb_buffer_new(v, (size_t)n * sizeof *y, y);
    vkb_kernel kernel = vkb_kernel_load(v, "saxpy", sizeof(saxpy_args));
    saxpy_args push = {xb.address, yb.address, 2.0f, (uint32_t)n};
    vkb_dispatch dispatch = {&kernel, &push, {(uint32_t)((n + 255) / 256), 1, 1}};
    vkb_run(v, &dispatch, 1);
    vkb_buffer_read(v, &yb, y);
    long long wrong = 0;
    for (int i = 0; i < n; i++) wrong += y[i] != 2.0f * (float)(i % 1000) + (float)(i % 7);
    printf("saxpy_once vulkan %d: %lld wrong\n", n, wrong);
    vkb_kernel_free(v, &kernel);
    vkb_buffer_free(v, &xb);
    vkb_buffer_free(v, &yb);
    vkb_close(v);
    free(x);
    free(y);
    return wrong != 0;
}
