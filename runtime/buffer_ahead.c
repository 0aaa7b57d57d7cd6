/* buffer_ahead.c — a staging buffer made ready while the program does
 * other things.
 *
 * The staging ring's 64 MiB of pinned host memory cost a program's first
 * large copy 15-22 ms in vkAllocateMemory on an H200's host, and its first
 * memset into the mapping another 15-16 ms of page faults
 * (bench/transfer/staging_cold.c). A thread of its own allocates, maps and
 * touches every page of it as the device opens, so that the first copy
 * finds it ready. Where the device imports host memory
 * (VK_EXT_external_memory_host), the pages are the program's own,
 * mapped and faulted in (in 2 MiB pages where the kernel gives them) by
 * another thread from the moment the device is chosen, while the driver
 * creates it (an H200's vkCreateDevice: 115 ms), and only imported once
 * it exists: a program whose first launch opens the device and copies
 * in at once then finds the ring ready.
 *
 * The threads call Vulkan on the device and on memory no other thread
 * knows of yet (vkAllocateMemory and vkMapMemory need no lock of the
 * device), and nothing of libcamp's: the buffer is created and bound, and
 * the memory counted as the device's, by the thread that holds the
 * runtime's lock. Where a thread fails (an injected fault included), the
 * buffer is allocated the ordinary way at its first use, which reports
 * what fails then. */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

struct camp_pages_ahead {
    pthread_t thread;
    size_t bytes;
    void *pages; /* the thread's: read after it is joined; NULL where mmap failed */
};

struct camp_buffer_ahead {
    camp_device *dev;
    pthread_t thread;
    camp_buffer buffer; /* without memory until taken */
    uint32_t type, types;
    VkDeviceSize bytes;
    camp_pages_ahead *pages; /* to import, or NULL */
    /* the thread's: read after it is joined */
    VkResult result;
    VkDeviceMemory memory;
    void *mapped;
    void *host_pages; /* `mapped` where the memory is imported pages */
};

/* ---- Pages before the device ------------------------------------------------ */

static void *map_pages(void *arg) {
    camp_pages_ahead *p = arg;
    char *start = camp_map_huge(p->bytes, 0, PROT_READ | PROT_WRITE); /* fewer faults and pins */
    if (!start) return NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    for (size_t at = 0; at < p->bytes; at += page) ((volatile char *)start)[at] = 0;
    p->pages = start;
    return NULL;
}

camp_pages_ahead *camp_pages_ahead_start(size_t bytes) {
    camp_pages_ahead *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->bytes = (bytes + CAMP_HUGE_PAGE - 1) / CAMP_HUGE_PAGE * CAMP_HUGE_PAGE;
    if (pthread_create(&p->thread, NULL, map_pages, p) != 0) {
        free(p);
        return NULL;
    }
    return p;
}

/* Waits for the pages; their start (NULL: none), `p` freed. */
static void *pages_join(camp_pages_ahead *p, size_t *bytes) {
    pthread_join(p->thread, NULL);
    void *pages = p->pages;
    *bytes = p->bytes;
    free(p);
    return pages;
}

void camp_pages_ahead_cancel(camp_pages_ahead *p) {
    if (!p) return;
    size_t bytes;
    void *pages = pages_join(p, &bytes);
    if (pages) munmap(pages, bytes);
}

/* ---- The buffer's memory ------------------------------------------------------ */

/* Imports the pages as the buffer's memory, of a host-mappable type the
 * buffer allows; false where the device declines them (then unmapped). */
static bool import_ahead(camp_buffer_ahead *a) {
    size_t bytes;
    void *pages = pages_join(a->pages, &bytes);
    a->pages = NULL;
    if (!pages) return false;
    camp_device *dev = a->dev;
    VkMemoryHostPointerPropertiesEXT pointer = {.sType = VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
    const VkMemoryPropertyFlags mappable = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    uint32_t type = UINT32_MAX;
    if (dev->import_host && bytes >= a->bytes &&
        dev->vk.vkGetMemoryHostPointerPropertiesEXT(dev->device, VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
                                                    pages, &pointer) >= 0)
        for (uint32_t t = 0; t < dev->memory.memoryTypeCount && type == UINT32_MAX; t++)
            if ((a->types & pointer.memoryTypeBits) >> t & 1u &&
                (dev->memory.memoryTypes[t].propertyFlags & mappable) == mappable)
                type = t;
    if (type != UINT32_MAX) {
        VkMemoryAllocateFlagsInfo flags;
        VkMemoryAllocateInfo info = camp_memory_allocate_info(type, bytes, &flags);
        VkImportMemoryHostPointerInfoEXT host = {
            .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
            .pNext = info.pNext,
            .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
            .pHostPointer = pages,
        };
        info.pNext = &host;
        if (CAMP_INJECT(CAMP_FAULT_ALLOC, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                        vkAllocateMemory(dev->device, &info, NULL, &a->memory)) == VK_SUCCESS) {
            a->type = type;
            a->bytes = bytes;
            a->mapped = a->host_pages = pages;
            return true;
        }
    }
    munmap(pages, bytes);
    return false;
}

static void *allocate_ahead(camp_buffer_ahead *a) {
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

/* The thread: the pages imported where there are pages, else memory of
 * the device's. (A buffer made for imported pages takes ordinary memory
 * too.) */
static void *make_ahead(void *arg) {
    camp_buffer_ahead *a = arg;
    if (a->pages && import_ahead(a)) {
        a->result = VK_SUCCESS;
        return NULL;
    }
    return allocate_ahead(a);
}

void camp_buffer_ahead_start(camp_device *dev, VkDeviceSize size, camp_pages_ahead *pages, camp_buffer_ahead **out) {
    *out = NULL;
    camp_buffer_ahead *a = calloc(1, sizeof *a);
    if (!a) {
        camp_pages_ahead_cancel(pages);
        return;
    }
    a->dev = dev;
    a->pages = pages;
    if (camp_buffer_staging_unbound(dev, size, pages != NULL, &a->buffer, &a->type, &a->types, &a->bytes) !=
        CAMP_OK) {
        camp_failure_clear(); /* not this call's failure: the first use allocates, and reports */
        camp_pages_ahead_cancel(pages);
        free(a);
        return;
    }
    if (pthread_create(&a->thread, NULL, make_ahead, a) != 0) {
        camp_buffer_destroy(&a->buffer);
        camp_pages_ahead_cancel(pages);
        free(a);
        return;
    }
    *out = a;
}

void camp_buffer_ahead_take(camp_buffer_ahead *a, camp_buffer *out) {
    pthread_join(a->thread, NULL);
    if (a->result == VK_SUCCESS) {
        camp_allocation memory;
        camp_memory_adopt(a->dev, a->type, a->bytes, a->memory, a->mapped, a->host_pages, &memory);
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
    if (a->result == VK_SUCCESS && a->host_pages) munmap(a->host_pages, a->bytes);
    camp_buffer_destroy(&a->buffer);
    free(a);
}
