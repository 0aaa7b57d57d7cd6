/* The algorithms library's scan row, hand-written in Vulkan as a single
 * pass with decoupled look-back (glsl/scan_lookback.comp): what the device
 * gives a scan that reads its input once, beside the library's
 * reduce-then-scan (camp_algorithms) and Thrust's (algorithms_thrust), as
 * impl=vulkan-lookback of the algo_scan rows. */
#include <stdlib.h>

#include "../problems/algorithms.h"
#include "harness.h"

enum { SCAN_BLOCK = 256 * 16 };

typedef struct scan_args {
    VkDeviceAddress src, dst, status, counters;
    uint32_t n, blocks;
} scan_args;

typedef struct scan_run {
    vkb *v;
    vkb_dispatch dispatch;
} scan_run;

static void scan_once(void *p) {
    scan_run *r = p;
    vkb_run(r->v, &r->dispatch, 1);
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "algorithms_vulkan", 0, ALGO_BENCH_QUICK, 1);
    long long sizes[2];
    int count = algo_bench_size_list(&o, sizes);
    vkb *v = vkb_open_physical(&o, 8.0 * (double)sizes[count - 1]);
    VkPhysicalDeviceFeatures2 int64 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    int64.features.shaderInt64 = VK_TRUE;
    vkb_needs needs = {.features = &int64, .buffer_int64_atomics = true};
    vkb_create_device(v, &needs);
    vkb_kernel kernel = vkb_kernel_load(v, "scan_lookback", sizeof(scan_args));
    for (int s = 0; s < count; s++) {
        if (sizes[s] > UINT32_MAX - SCAN_BLOCK) bench_refuse(&o, "the twin indexes with 32 bits");
        size_t n = (size_t)sizes[s], blocks = (n + SCAN_BLOCK - 1) / SCAN_BLOCK;
        float *in = bench_alloc(&o, n * sizeof(float)), *out = bench_alloc(&o, n * sizeof(float));
        void *zeros = calloc(blocks + 2, sizeof(uint64_t));
        algo_bench_floats(in, sizes[s]);
        vkb_buffer src = vkb_buffer_new(v, n * sizeof(float), in), dst = vkb_buffer_new(v, n * sizeof(float), NULL);
        vkb_buffer status = vkb_buffer_new(v, blocks * sizeof(uint64_t), zeros);
        vkb_buffer counters = vkb_buffer_new(v, 3 * sizeof(uint32_t), zeros);
        scan_args args = {src.address, dst.address, status.address, counters.address, (uint32_t)n, (uint32_t)blocks};
        scan_run run = {v, {&kernel, &args, {(uint32_t)blocks, 1, 1}}};
        double ms = algo_bench_measure(&o, NULL, scan_once, &run);
        vkb_buffer_read(v, &dst, out);
        algo_bench_check_scan(&o, "vulkan-lookback", in, out, sizes[s]);
        algo_bench_report(&o, "algo_scan", sizes[s], "vulkan-lookback", ms, 8.0 * (double)sizes[s], 1e9, "GB/s");
        vkb_buffer_free(v, &src);
        vkb_buffer_free(v, &dst);
        vkb_buffer_free(v, &status);
        vkb_buffer_free(v, &counters);
        free(in);
        free(out);
        free(zeros);
    }
    vkb_kernel_free(v, &kernel);
    vkb_close(v);
    return 0;
}
