/* histogram's Vulkan twin (glsl/histogram.comp): 256 threads per
 * workgroup. */
#include "../problems/histogram.h"
#include "harness.h"

typedef struct histogram_args {
    VkDeviceAddress words, bins;
} histogram_args;

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "histogram", HISTOGRAM_SIZE, HISTOGRAM_QUICK, HISTOGRAM_RUNS);
    histogram_validate(&o);
    if (o.size > UINT32_MAX) bench_refuse(&o, "the twin indexes with 32 bits");
    vkb *v = vkb_open(&o, (double)o.size);
    size_t n = (size_t)o.size;
    unsigned char *bytes = bench_alloc(&o, n);
    unsigned bins[HISTOGRAM_BINS] = {0};
    histogram_init(bytes, o.size);
    vkb_buffer words = vkb_buffer_new(v, n, bytes), binsb = vkb_buffer_new(v, sizeof bins, bins);
    vkb_kernel kernel = vkb_kernel_load(v, "histogram", sizeof(histogram_args));
    histogram_args args = {words.address, binsb.address};
    vkb_dispatch dispatch = {&kernel, &args, {(uint32_t)(n / HISTOGRAM_CHUNK), 1, 1}};
    double ms = vkb_measure(v, &o, &dispatch, 1);
    vkb_buffer_read(v, &binsb, bins);
    histogram_check(&o, "vulkan", bytes, bins);
    histogram_report(&o, "vulkan", ms);
    vkb_kernel_free(v, &kernel);
    vkb_buffer_free(v, &words);
    vkb_buffer_free(v, &binsb);
    vkb_close(v);
    free(bytes);
    return 0;
}
