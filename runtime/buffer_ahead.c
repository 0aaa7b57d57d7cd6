/* buffer_ahead.c — a staging buffer made ready while the program does
 * other things.
 *
 * The staging ring's 64 MiB of pinned host memory cost a program's first
 * large copy 15-22 ms in vkAllocateMemory on an H200's host, and its first
 * memset into the mapping another 15-16 ms of page faults
 * (bench/transfer/staging_cold.c). A thread of its own allocates, maps and
 * touches every page of it as the device opens, so that the first copy
 * finds it ready. The thread calls Vulkan on the device and on memory no
 * other thread knows of yet (vkAllocateMemory and vkMapMemory need no
 * lock of the device), and nothing of libcamp's: the buffer is created and
 * bound, and the memory counted as the device's, by the thread that holds
 * the runtime's lock. Where the thread fails (an injected fault included),
 * the buffer is allocated the ordinary way at its first use, which reports
 * what fails then. */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

struct camp_buffer_ahead {
    camp_device *dev;
    pthread_t thread;
    camp_buffer buffer; /* without memory until taken */
    uint32_t type;
    VkDeviceSize bytes;
    /* the thread's: read after it is joined */
    VkResult result;
    VkDeviceMemory memory;
    void *mapped;
};

static void *allocate_ahead(void *arg) {
    camp_buffer_ahead *a = arg;
    VkDevice device = a->dev->device;
    VkMemoryAllocateFlagsInfo flags;
    VkMemoryAllocateInfo info = camp_memory_allocate_info(a->type, a->bytes, &flags);
    a->result = CAMP_INJECT(CAMP_FAULT_ALLOC, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                            vkAllocateMemory(device, &info, NULL, &a->memory));
    if (a->result != VK_SUCCESS) return NULL;
    a->result = vkMapMemory(device, a->memory, 0, VK_WHOLE_SIZE, 0, &a->mapped);
    if (a->result != VK_SUCCESS) {
        vkFreeMemory(device, a->memory, NULL);
        return NULL;
    }
    /* MADV_POPULATE_WRITE does not populate such a mapping: a write does */
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    for (VkDeviceSize at = 0; at < a->bytes; at += page) ((volatile char *)a->mapped)[at] = 0;
    return NULL;
}

void camp_buffer_ahead_start(camp_device *dev, VkDeviceSize size, camp_buffer_ahead **out) {
    *out = NULL;
    camp_buffer_ahead *a = calloc(1, sizeof *a);
    if (!a) return;
    a->dev = dev;
    if (camp_buffer_staging_unbound(dev, size, &a->buffer, &a->type, &a->bytes) != CAMP_OK) {
        camp_failure_clear(); /* not this call's failure: the first use allocates, and reports */
        free(a);
        return;
    }
    if (pthread_create(&a->thread, NULL, allocate_ahead, a) != 0) {
        camp_buffer_destroy(&a->buffer);
        free(a);
        return;
    }
    *out = a;
}

void camp_buffer_ahead_take(camp_buffer_ahead *a, camp_buffer *out) {
    pthread_join(a->thread, NULL);
    if (a->result == VK_SUCCESS) {
        camp_allocation memory;
        camp_memory_adopt(a->dev, a->type, a->bytes, a->memory, a->mapped, &memory);
        /* which frees the buffer and its memory where it fails */
        if (camp_buffer_staging_bind(&a->buffer, memory) == CAMP_OK) *out = a->buffer;
        else camp_failure_clear();
    } else {
        camp_buffer_destroy(&a->buffer);
    }
    free(a);
}

void camp_buffer_ahead_cancel(camp_buffer_ahead *a) {
    pthread_join(a->thread, NULL);
    if (a->result == VK_SUCCESS) vkFreeMemory(a->dev->device, a->memory, NULL); /* never the device's: uncounted */
    camp_buffer_destroy(&a->buffer);
    free(a);
}
