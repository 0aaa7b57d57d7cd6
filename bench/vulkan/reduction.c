/* reduction's Vulkan twin (glsl/reduction_tiles.comp, then
 * glsl/reduction_final.comp): 256 threads per workgroup. */
#include "../problems/reduction.h"
#include "harness.h"

typedef struct tiles_args {
    VkDeviceAddress in, partial;
} tiles_args;

typedef struct final_args {
    VkDeviceAddress partial, total;
    uint32_t count;
} final_args;

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "reduction", REDUCTION_SIZE, REDUCTION_QUICK, REDUCTION_RUNS);
    reduction_validate(&o);
    if (o.size > UINT32_MAX) bench_refuse(&o, "the twin indexes with 32 bits");
    vkb *v = vkb_open(&o, 4.0 * (double)o.size * 1.001);
    size_t n = (size_t)o.size, tiles = n / REDUCTION_CHUNK;
    float *in = bench_alloc(&o, n * sizeof *in), total = 0;
    reduction_init(in, o.size);
    vkb_buffer inb = vkb_buffer_new(v, n * 4, in), partial = vkb_buffer_new(v, tiles * 4, NULL);
    vkb_buffer totalb = vkb_buffer_new(v, 4, NULL);
    vkb_kernel tiles_kernel = vkb_kernel_load(v, "reduction_tiles", sizeof(tiles_args));
    vkb_kernel final_kernel = vkb_kernel_load(v, "reduction_final", sizeof(final_args));
    tiles_args first = {inb.address, partial.address};
    final_args second = {partial.address, totalb.address, (uint32_t)tiles};
    vkb_dispatch sequence[] = {{&tiles_kernel, &first, {(uint32_t)tiles, 1, 1}}, {&final_kernel, &second, {1, 1, 1}}};
    double ms = vkb_measure(v, &o, sequence, 2);
    vkb_buffer_read(v, &totalb, &total);
    reduction_check(&o, "vulkan", in, total);
    reduction_report(&o, "vulkan", ms);
    vkb_kernel_free(v, &tiles_kernel);
    vkb_kernel_free(v, &final_kernel);
    vkb_buffer_free(v, &inb);
    vkb_buffer_free(v, &partial);
    vkb_buffer_free(v, &totalb);
    vkb_close(v);
    free(in);
    return 0;
}
