/* reduction_twin.h — what reduction's Vulkan twins (reduction.c,
 * reduction_subgroup.c) share: a main that runs shader `tiles` (one
 * workgroup of 256 threads per 4096 floats, a partial sum each), then
 * shader `final` (one workgroup adding the partial sums), and reports
 * under `name`. */
#ifndef REDUCTION_TWIN_H
#define REDUCTION_TWIN_H
#include "../problems/reduction.h"
#include "harness.h"

typedef struct tiles_args {
    VkDeviceAddress in, partial;
} tiles_args;

typedef struct final_args {
    VkDeviceAddress partial, total;
    uint32_t count;
} final_args;

static int reduction_twin(int argc, char **argv, const char *name, const char *tiles, const char *final) {
    bench_options o = bench_parse(argc, argv, name, REDUCTION_SIZE, REDUCTION_QUICK, REDUCTION_RUNS);
    reduction_validate(&o);
    if (o.size > UINT32_MAX) bench_refuse(&o, "the twin indexes with 32 bits");
    vkb *v = vkb_open(&o, 4.0 * (double)o.size * 1.001);
    size_t n = (size_t)o.size, tile_count = n / REDUCTION_CHUNK;
    float *in = bench_alloc(&o, n * sizeof *in), total = 0;
    reduction_init(in, o.size);
    vkb_buffer inb = vkb_buffer_new(v, n * 4, in), partial = vkb_buffer_new(v, tile_count * 4, NULL);
    vkb_buffer totalb = vkb_buffer_new(v, 4, NULL);
    vkb_kernel tiles_kernel = vkb_kernel_load(v, tiles, sizeof(tiles_args));
    vkb_kernel final_kernel = vkb_kernel_load(v, final, sizeof(final_args));
    tiles_args first = {inb.address, partial.address};
    final_args second = {partial.address, totalb.address, (uint32_t)tile_count};
    vkb_dispatch sequence[] = {{&tiles_kernel, &first, {(uint32_t)tile_count, 1, 1}},
                               {&final_kernel, &second, {1, 1, 1}}};
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
#endif
