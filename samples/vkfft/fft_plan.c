/* fft_plan.c — VkFFT on campcc's memory through libcamp's Vulkan
 * interoperability (camp.h's camp_vulkan_* calls): VkFFT gets the view's
 * device and queue and the buffer behind the data, and submits its work to
 * that queue between camp_vulkan_queue_acquire and _release, so that it
 * comes after the view's kernels so far and before its later ones. */
#include <vkFFT.h> /* includes <vulkan/vulkan.h>, before camp.h: its Vulkan calls are declared */

#include "fft_plan.h"

#include <stdio.h>
#include <stdlib.h>

struct fft_plan {
    camp_accelerator_view *view;
    float2 *data;
    long long count; /* complex values: n * batch */
    camp_vulkan_context vk;  /* VkFFT keeps pointers to its members */
    VkCommandPool pool;
    VkFence init_fence, run_fence; /* VkFFT's own uploads; the plan's transforms */
    VkCommandBuffer commands;
    bool submitted;  /* run_fence will be signalled */
    VkBuffer buffer;
    uint64_t buffer_bytes;
    VkFFTApplication app;
    bool app_made;   /* initializeVkFFT succeeded: deleteVkFFT frees it */
};

static bool vk_ok(VkResult result, const char *call) {
    if (result == VK_SUCCESS) return true;
    fprintf(stderr, "fft_plan: %s failed (VkResult %d)\n", call, (int)result);
    return false;
}

static bool vulkan_objects(fft_plan *p) {
    VkCommandPoolCreateInfo pool = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = p->vk.queue_family,
    };
    VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (!vk_ok(vkCreateCommandPool(p->vk.device, &pool, NULL, &p->pool), "vkCreateCommandPool") ||
        !vk_ok(vkCreateFence(p->vk.device, &fence, NULL, &p->init_fence), "vkCreateFence") ||
        !vk_ok(vkCreateFence(p->vk.device, &fence, NULL, &p->run_fence), "vkCreateFence"))
        return false;
    VkCommandBufferAllocateInfo allocate = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = p->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    return vk_ok(vkAllocateCommandBuffers(p->vk.device, &allocate, &p->commands), "vkAllocateCommandBuffers");
}

/* VkFFT's application for the data's buffer; its set-up may submit
 * uploads of its own, so it runs with the queue acquired. */
static bool vkfft_init(fft_plan *p, int n, int batch) {
    camp_vulkan_buffer b = camp_vulkan_buffer_of(p->view, p->data, p->count);
    if (!b.buffer) return false;
    p->buffer = b.buffer;
    p->buffer_bytes = b.offset + b.size;
    VkFFTConfiguration c = {0};
    c.FFTdim = 1;
    c.size[0] = (uint64_t)n;
    c.numberBatches = (uint64_t)batch;
    c.physicalDevice = &p->vk.physical_device;
    c.device = &p->vk.device;
    c.queue = &p->vk.queue;
    c.commandPool = &p->pool;
    c.fence = &p->init_fence;
    c.buffer = &p->buffer;
    c.bufferSize = &p->buffer_bytes;
    c.bufferOffset = b.offset;
    camp_vulkan_queue_acquire(p->view);
    VkFFTResult result = initializeVkFFT(&p->app, c);
    camp_vulkan_queue_release(p->view);
    if (result != VKFFT_SUCCESS) fprintf(stderr, "fft_plan: initializeVkFFT failed (VkFFTResult %d)\n", (int)result);
    p->app_made = result == VKFFT_SUCCESS;
    return p->app_made;
}

fft_plan *fft_plan_create(camp_accelerator_view *view, float2 *data, int n, int batch) {
    fft_plan *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->view = view;
    p->data = data;
    p->count = (long long)n * batch;
    p->vk = camp_vulkan_context_of(view);
    if (!p->vk.device || !vulkan_objects(p) || !vkfft_init(p, n, batch)) {
        fft_plan_destroy(p);
        return NULL;
    }
    return p;
}

/* The previous transform is done with the command buffer. */
static bool previous_done(fft_plan *p) {
    if (!p->submitted) return true;
    p->submitted = false;
    return vk_ok(vkWaitForFences(p->vk.device, 1, &p->run_fence, VK_TRUE, UINT64_MAX), "vkWaitForFences") &&
           vk_ok(vkResetFences(p->vk.device, 1, &p->run_fence), "vkResetFences");
}

static bool record(fft_plan *p, int direction, VkBuffer buffer) {
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    if (!vk_ok(vkBeginCommandBuffer(p->commands, &begin), "vkBeginCommandBuffer")) return false;
    VkFFTLaunchParams launch = {0};
    launch.commandBuffer = &p->commands;
    launch.buffer = &buffer;
    VkFFTResult result = VkFFTAppend(&p->app, direction, &launch);
    if (result != VKFFT_SUCCESS) fprintf(stderr, "fft_plan: VkFFTAppend failed (VkFFTResult %d)\n", (int)result);
    return vk_ok(vkEndCommandBuffer(p->commands), "vkEndCommandBuffer") && result == VKFFT_SUCCESS;
}

bool fft_run(fft_plan *plan, int direction) {
    /* Asked again at each run: the view's device copy is made current (the
     * host may have written it since) and counted as written by VkFFT. */
    camp_vulkan_buffer b = camp_vulkan_buffer_of(plan->view, plan->data, plan->count);
    if (!b.buffer || !previous_done(plan) || !record(plan, direction, b.buffer)) return false;
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &plan->commands,
    };
    camp_vulkan_queue_acquire(plan->view);
    VkResult result = vkQueueSubmit(plan->vk.queue, 1, &submit, plan->run_fence);
    camp_vulkan_queue_release(plan->view);
    plan->submitted = result == VK_SUCCESS;
    return vk_ok(result, "vkQueueSubmit");
}

void fft_plan_destroy(fft_plan *plan) {
    if (!plan) return;
    (void)previous_done(plan);
    if (plan->app_made) deleteVkFFT(&plan->app);
    if (plan->vk.device) {
        vkDestroyFence(plan->vk.device, plan->run_fence, NULL);
        vkDestroyFence(plan->vk.device, plan->init_fence, NULL);
        vkDestroyCommandPool(plan->vk.device, plan->pool, NULL);
    }
    free(plan);
}
