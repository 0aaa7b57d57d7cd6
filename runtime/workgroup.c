/* workgroup.c — the workgroup size of an untiled kernel, chosen for the
 * device when the kernel's pipeline is made (the module declares it as
 * specialization constants, camp_abi.h).
 *
 * A GPU wants enough threads per workgroup to keep its schedulers busy
 * (NVIDIA's H100 reaches its memory bandwidth with 256, not with 64), and
 * neighbouring threads on neighbouring elements: the extent's last index
 * is the GPU's x, so x gets at least one subgroup's width and the next
 * index the rest. A CPU device (lavapipe) runs a workgroup as one task, its
 * threads as SIMD lanes in a loop: 256 costs it less than 64 per dispatch,
 * and more measured no better (docs/performance.md).
 *
 * CAMP_WORKGROUP_SIZE overrides the choice, for experiments: a list of
 * entries separated by commas, each either N (threads, for every rank,
 * shaped as above) or XxY (rank 2) or XxYxZ (rank 3), e.g. "256,32x8". */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>

enum {
    THREADS = 256,
    MIN_ROW = 32, /* x of rank 2 and 3: coalesced rows, at least one subgroup */
};

/* The driver's, or under CAMP_SIMULATE the profile's (simulate.c). */
static uint32_t subgroup_size(const camp_device *dev) {
    VkPhysicalDeviceSubgroupProperties subgroup = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                              .pNext = &subgroup};
    vkGetPhysicalDeviceProperties2(dev->physical, &properties);
    return camp_simulate_subgroup_size(subgroup.subgroupSize);
}

/* `threads` laid out for `rank`: all along x for rank 1, else a row of
 * `row` threads in x and the rest in y. */
static void shape(uint32_t rank, uint32_t threads, uint32_t row, uint32_t size[3]) {
    size[0] = rank == 1 || threads < row ? threads : row;
    size[1] = threads / size[0];
    size[2] = 1;
}

/* Parses one entry of CAMP_WORKGROUP_SIZE: its dimensions (1 to 3). */
static uint32_t parse_entry(const char *s, const char **end, uint32_t dims[3]) {
    uint32_t n = 0;
    for (;;) {
        errno = 0;
        char *after;
        unsigned long v = strtoul(s, &after, 10);
        if (after == s || errno || v == 0 || v > 65536 || n == 3) return 0;
        dims[n++] = (uint32_t)v;
        s = after;
        if (*s != 'x') break;
        s++;
    }
    *end = s;
    return n;
}

/* The override for `rank` from CAMP_WORKGROUP_SIZE, if it has one: an
 * entry of the rank's dimensions wins over a thread count. */
static camp_status override(uint32_t rank, uint32_t row, uint32_t size[3], bool *found) {
    const char *value = getenv("CAMP_WORKGROUP_SIZE");
    *found = false;
    if (!value || !*value) return CAMP_OK;
    for (const char *s = value;;) {
        uint32_t dims[3], n = parse_entry(s, &s, dims);
        if (n == 0 || (*s && *s != ','))
            return camp_fail_setting(CAMP_ERROR_INVALID_ARGUMENT,
                             "CAMP_WORKGROUP_SIZE='%s' is not a list of workgroup sizes such as 256 or 32x8 or "
                             "256,32x8,32x4x2 (each size at least 1)",
                             value);
        if (n == 1 && !*found) {
            shape(rank, dims[0], row, size);
            *found = true;
        } else if (n > 1 && n == rank) {
            for (uint32_t d = 0; d < 3; d++) size[d] = d < n ? dims[d] : 1;
            *found = true;
        }
        if (!*s) return CAMP_OK;
        s++;
    }
}

camp_status camp_workgroup_size(const camp_device *dev, const camp_kernel_info *kernel, uint32_t size[3]) {
    if (kernel->local_size[0]) { /* the compiler's (a tile) */
        for (int d = 0; d < 3; d++) size[d] = kernel->local_size[d];
        return CAMP_OK;
    }
    const VkPhysicalDeviceLimits *limits = &dev->properties.limits;
    uint32_t row = subgroup_size(dev);
    if (row < MIN_ROW) row = MIN_ROW;
    bool found;
    CAMP_TRY(override(kernel->rank, row, size, &found));
    if (found) return CAMP_OK; /* as asked: the launch checks it against the device */

    uint32_t threads = THREADS;
    if (threads > limits->maxComputeWorkGroupInvocations) threads = limits->maxComputeWorkGroupInvocations;
    if (row > limits->maxComputeWorkGroupSize[0]) row = limits->maxComputeWorkGroupSize[0];
    shape(kernel->rank, threads, row, size);
    for (int d = 0; d < 3; d++)
        if (size[d] > limits->maxComputeWorkGroupSize[d]) size[d] = limits->maxComputeWorkGroupSize[d];
    return CAMP_OK;
}
