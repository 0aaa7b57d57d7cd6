/* copy_kernel.c — copies between buffers by libcamp's own compute kernel
 * (copy_kernel.spvasm) instead of vkCmdCopyBuffer, on views whose queue runs
 * kernels.
 *
 * Why: on an H100 a copy recorded after a kernel waits for the work to pass
 * from the multiprocessors to a copy engine; the same copy as a dispatch
 * does not. A round trip written by hand against Vulkan (a kernel on 4096
 * floats, the 16 KiB copied back into host-cached memory, the fence
 * polled) took 16.9 µs with the dispatch against 20.3 µs with
 * vkCmdCopyBuffer; a copy alone between device and host memory was 3-11%
 * faster below 256 KiB and as fast from there to 16 MiB
 * (docs/performance.md).
 *
 * Used on discrete GPUs, for copies whose two ends have device addresses
 * (device and staging buffers; not the program's imported pages) and whose
 * ends and size are whole 4-byte words (16-byte elements where they
 * allow), up to what one dispatch covers (64 MiB); copies between two
 * arrays in device memory at any size, in as many dispatches as they take:
 * vkCmdCopyBuffer moved 256 MiB between arrays of an H200 at 0.83 TB/s
 * (reads and writes), a kernel at 3.9. Everything else, and every copy
 * on other devices (lavapipe's vkCmdCopyBuffer is a memcpy, its kernels
 * 5-15 times slower at it), goes through vkCmdCopyBuffer.
 * CAMP_COPY_KERNEL=0 turns it off, =1 on for every device (tests) that
 * has 64-bit integers; without them CAMP_VERBOSE says why it is not. */
#include "internal.h"

#include "copy_kernel_spv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORKGROUP 64u
/* Groups of one dispatch: the least maxComputeWorkGroupCount[0] allows. */
#define GROUPS_MAX 65535u

struct camp_copy_kernel {
    VkPipelineLayout layout;
    VkPipeline pipeline;
};

/* The kernel's push constants (copy_kernel.spvasm's Args). */
typedef struct copy_args {
    uint64_t from, to;
    uint32_t count, wide;
} copy_args;

bool camp_copy_kernel_wanted(const camp_device *dev) {
    const char *knob = getenv("CAMP_COPY_KERNEL");
    bool asked = knob && *knob && strcmp(knob, "0") != 0;
    if (!(dev->features & CAMP_FEATURE_INT64)) { /* its addresses are 64-bit sums */
        if (asked && dev->verbose)
            fprintf(stderr, "camp: device %u: no copy kernel (it needs 64-bit integers (shaderInt64), which the "
                            "device '%s' does not support): copies by vkCmdCopyBuffer\n", dev->index, dev->name);
        return false;
    }
    if (knob && *knob) return asked;
    return dev->properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU;
}

static camp_status create(camp_device *dev, struct camp_copy_kernel *k) {
    camp_status status = CAMP_OK;
    VkShaderModuleCreateInfo module_info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = sizeof camp_copy_kernel_spv,
        .pCode = camp_copy_kernel_spv,
    };
    VkShaderModule module = VK_NULL_HANDLE;
    VK(vkCreateShaderModule(dev->device, &module_info, NULL, &module));
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(copy_args)};
    VkPipelineLayoutCreateInfo layout_info = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .pushConstantRangeCount = 1,
        .pPushConstantRanges = &range,
    };
    VK(vkCreatePipelineLayout(dev->device, &layout_info, NULL, &k->layout));
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = module,
            .pName = "main",
        },
        .layout = k->layout,
    };
    VK(vkCreateComputePipelines(dev->device, dev->pipeline_cache, 1, &info, NULL, &k->pipeline));
    dev->pipeline_cache_dirty = true;
error:
    if (module) vkDestroyShaderModule(dev->device, module, NULL);
    return status;
}

/* What create made of `k` (a failed create leaves handles null), and `k`. */
static void kernel_free(camp_device *dev, struct camp_copy_kernel *k) {
    if (!k) return;
    if (k->pipeline) vkDestroyPipeline(dev->device, k->pipeline, NULL);
    if (k->layout) vkDestroyPipelineLayout(dev->device, k->layout, NULL);
    free(k);
}

/* The device's copy kernel, made at its first copy; NULL where it cannot
 * be made (its copies then go through vkCmdCopyBuffer). */
static struct camp_copy_kernel *kernel_get(camp_device *dev) {
    if (dev->copy_kernel) return dev->copy_kernel;
    struct camp_copy_kernel *k = calloc(1, sizeof *k);
    camp_status status = k ? create(dev, k) : camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    if (status != CAMP_OK) {
        if (dev->verbose)
            fprintf(stderr, "camp: device %u: no copy kernel (%s): copies by vkCmdCopyBuffer\n", dev->index,
                    camp_call.failure.message);
        camp_failure_clear(); /* not an error: the copies go another way */
        dev->copies_by_kernel = false;
        kernel_free(dev, k);
        return NULL;
    }
    if (dev->verbose) fprintf(stderr, "camp: device %u: copies by a compute kernel on views that run kernels\n", dev->index);
    dev->copy_kernel = k;
    return k;
}

void camp_copy_kernel_prepare(camp_device *dev) {
    /* 0.2 ms from the pipeline cache, 33 ms without on an H200: a
     * program's first copy paid it */
    (void)kernel_get(dev);
}

bool camp_copy_kernel_record(camp_accelerator_view *q, VkDeviceAddress from, VkDeviceAddress to, VkDeviceSize bytes,
                             bool any_size) {
    camp_device *dev = q->dev;
    if (!dev->copies_by_kernel || !(q->stages & VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT)) return false;
    if ((from | to | bytes) % 4) return false;
    unsigned element = (from | to | bytes) % 16 == 0 ? 16 : 4;
    const VkDeviceSize per_dispatch = (VkDeviceSize)GROUPS_MAX * WORKGROUP;
    VkDeviceSize count = bytes / element;
    if (count > per_dispatch && !any_size) return false;
    struct camp_copy_kernel *k = kernel_get(dev);
    if (!k) return false;
    if (q->bound != k->pipeline) {
        camp_cmd_bind(q, k->pipeline);
        q->bound = k->pipeline;
    }
    /* The dispatches touch disjoint bytes: no barrier between them. */
    for (VkDeviceSize done = 0; done < count; done += per_dispatch) {
        VkDeviceSize part = count - done < per_dispatch ? count - done : per_dispatch;
        copy_args args = {from + done * element, to + done * element, (uint32_t)part, element == 16};
        camp_cmd_push(q, k->layout, &args, sizeof args);
        camp_cmd_dispatch(q, (uint32_t)((part + WORKGROUP - 1) / WORKGROUP), 1, 1);
    }
    return true;
}

void camp_copy_kernel_destroy(camp_device *dev) {
    kernel_free(dev, dev->copy_kernel);
    dev->copy_kernel = NULL;
}
