/* staging_cold — what the first use of pinned staging memory costs: a
 * vkAllocateMemory of 64 MiB of host-visible memory, its mapping, and two
 * memsets (the first faults its pages in), with the pages first populated by
 * madvise(MADV_POPULATE_WRITE) or by touching one byte of each; on the first
 * device (docs/performance.md, "Implicit synchronization").
 * build: cc -O2 bench/transfer/staging_cold.c -o staging_cold -lvulkan */
#define _GNU_SOURCE
#include <vulkan/vulkan.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <errno.h>
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
static double ms(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
int main(void) {
    double t0 = ms();
    VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &(VkApplicationInfo){.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_2}};
    VkInstance inst; if (vkCreateInstance(&ici, NULL, &inst)) return 1;
    uint32_t n = 1; VkPhysicalDevice pd; vkEnumeratePhysicalDevices(inst, &n, &pd);
    float prio = 1;
    VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueCount = 1, .pQueuePriorities = &prio}};
    VkDevice dev; if (vkCreateDevice(pd, &dci, NULL, &dev)) return 2;
    double t1 = ms();
    printf("instance+device %.1f ms\n", t1 - t0);
    VkPhysicalDeviceMemoryProperties mp; vkGetPhysicalDeviceMemoryProperties(pd, &mp);
    VkMemoryPropertyFlags wants[2] = {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
                                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT};
    for (int w = 0; w < 2; w++) {
        int type = -1;
        for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
            if ((mp.memoryTypes[i].propertyFlags & wants[w]) == wants[w] && !(mp.memoryTypes[i].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)) { type = (int)i; break; }
        if (type < 0) continue;
        for (int populate = 0; populate < 3; populate++) {
            size_t size = 64u << 20;
            double a = ms();
            VkDeviceMemory mem;
            VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = size, .memoryTypeIndex = (uint32_t)type};
            if (vkAllocateMemory(dev, &mai, NULL, &mem)) { printf("alloc failed\n"); continue; }
            double b = ms();
            void *p; vkMapMemory(dev, mem, 0, size, 0, &p);
            double c = ms();
            int rc = 0, err = 0;
            if (populate == 1) { rc = madvise(p, size, MADV_POPULATE_WRITE); err = errno; }
            if (populate == 2) { for (size_t o = 0; o < size; o += 4096) ((volatile char *)p)[o] = 0; }
            double d = ms();
            memset(p, 1, size);
            double e = ms();
            memset(p, 2, size);
            double f = ms();
            printf("type %d (%s) populate=%d: alloc %.2f ms, map %.3f, populate %.2f (rc %d errno %d), 1st memset %.2f, 2nd %.2f\n",
                   type, w ? "coherent" : "cached", populate, b - a, c - b, d - c, rc, err, e - d, f - e);
            vkUnmapMemory(dev, mem); vkFreeMemory(dev, mem, NULL);
        }
    }
    return 0;
}
