/* buffer_ahead.c — staging buffers made ready while the program does other
 * things.
 *
 * The staging ring's 64 MiB of pinned host memory cost a program's first
 * large copy 15-22 ms in vkAllocateMemory on an H200's host, and its first
 * memset into the mapping another 15-16 ms of page faults
 * (bench/transfer/staging_cold.c). A thread of its own allocates, maps and
 * touches every page of it as the device opens, one buffer (a slot of the
 * ring) after another, so that a copy made soon after the opening finds
 * the first slots ready and goes on with those while the thread makes the
 * rest. The thread calls Vulkan on the device and on memory no other
 * thread knows of yet (vkAllocateMemory and vkMapMemory need no lock of
 * the device), and nothing of libcamp's: the buffers are created and
 * bound, and the memory counted as the device's, by the thread that holds
 * the runtime's lock. Where the thread fails (an injected fault included),
 * the buffers it did not make are allocated the ordinary way at their
 * first use, which reports what fails then. */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

/* One buffer on its way. */
typedef struct ahead_slot {
    camp_buffer buffer; /* without memory until taken */
    VkDeviceMemory memory;
    void *mapped;
    bool taken;
} ahead_slot;

struct camp_buffer_ahead {
    camp_device *dev;
    pthread_t thread;
    uint32_t type;
    VkDeviceSize bytes; /* of each buffer's memory */
    uint32_t count;
    pthread_mutex_t lock;
    pthread_cond_t made_one;
    uint32_t made;  /* buffers whose memory is ready, in order (under lock) */
    bool finished;  /* the thread has returned: made is final (under lock) */
    ahead_slot slots[];
};

static bool allocate_one(camp_buffer_ahead *a, ahead_slot *slot) {
    VkDevice device = a->dev->device;
    VkMemoryAllocateFlagsInfo flags;
    VkMemoryAllocateInfo info = camp_memory_allocate_info(a->type, a->bytes, &flags);
    if (CAMP_INJECT(CAMP_FAULT_ALLOC, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                    vkAllocateMemory(device, &info, NULL, &slot->memory)) != VK_SUCCESS)
        return false;
    if (vkMapMemory(device, slot->memory, 0, VK_WHOLE_SIZE, 0, &slot->mapped) != VK_SUCCESS) {
        vkFreeMemory(device, slot->memory, NULL);
        return false;
    }
    /* MADV_POPULATE_WRITE does not populate such a mapping: a write does */
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    for (VkDeviceSize at = 0; at < a->bytes; at += page) ((volatile char *)slot->mapped)[at] = 0;
    return true;
}

static void *allocate_ahead(void *arg) {
    camp_buffer_ahead *a = arg;
    uint32_t made = 0;
    while (made < a->count && allocate_one(a, &a->slots[made])) {
        pthread_mutex_lock(&a->lock);
        a->made = ++made;
        pthread_cond_broadcast(&a->made_one);
        pthread_mutex_unlock(&a->lock);
    }
    pthread_mutex_lock(&a->lock);
    a->finished = true;
    pthread_cond_broadcast(&a->made_one);
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

void camp_buffer_ahead_start(camp_device *dev, VkDeviceSize size, uint32_t count, camp_buffer_ahead **out) {
    *out = NULL;
    camp_buffer_ahead *a = calloc(1, sizeof *a + count * sizeof *a->slots);
    if (!a) return;
    a->dev = dev;
    a->count = count;
    uint32_t unbound = 0;
    for (; unbound < count; unbound++)
        if (camp_buffer_staging_unbound(dev, size, &a->slots[unbound].buffer, &a->type, &a->bytes) != CAMP_OK) break;
    if (unbound < count || pthread_mutex_init(&a->lock, NULL) != 0) {
        camp_failure_clear(); /* not this call's failure: the first use allocates, and reports */
        for (uint32_t i = 0; i < unbound; i++) camp_buffer_destroy(&a->slots[i].buffer);
        free(a);
        return;
    }
    pthread_cond_init(&a->made_one, NULL);
    if (pthread_create(&a->thread, NULL, allocate_ahead, a) != 0) {
        for (uint32_t i = 0; i < count; i++) camp_buffer_destroy(&a->slots[i].buffer);
        pthread_cond_destroy(&a->made_one);
        pthread_mutex_destroy(&a->lock);
        free(a);
        return;
    }
    *out = a;
}

uint32_t camp_buffer_ahead_ready(camp_buffer_ahead *a, uint32_t at_least) {
    pthread_mutex_lock(&a->lock);
    while (a->made < at_least && !a->finished) pthread_cond_wait(&a->made_one, &a->lock);
    uint32_t made = a->made;
    pthread_mutex_unlock(&a->lock);
    return made;
}

bool camp_buffer_ahead_take(camp_buffer_ahead *a, uint32_t i, camp_buffer *out) {
    if (camp_buffer_ahead_ready(a, 0) <= i || a->slots[i].taken) return false;
    ahead_slot *slot = &a->slots[i];
    slot->taken = true;
    camp_allocation memory;
    camp_memory_adopt(a->dev, a->type, a->bytes, slot->memory, slot->mapped, &memory);
    /* which frees the buffer and its memory where it fails */
    if (camp_buffer_staging_bind(&slot->buffer, memory) != CAMP_OK) {
        camp_failure_clear();
        return false;
    }
    *out = slot->buffer;
    return true;
}

void camp_buffer_ahead_end(camp_buffer_ahead *a) {
    pthread_join(a->thread, NULL);
    for (uint32_t i = 0; i < a->count; i++) {
        if (a->slots[i].taken) continue;
        if (i < a->made) vkFreeMemory(a->dev->device, a->slots[i].memory, NULL); /* never the device's: uncounted */
        camp_buffer_destroy(&a->slots[i].buffer);
    }
    pthread_cond_destroy(&a->made_one);
    pthread_mutex_destroy(&a->lock);
    free(a);
}
