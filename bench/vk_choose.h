/* vk_choose.h — the device and queue family that the hand-written Vulkan
 * baselines run on, chosen as libcamp chooses them, so that a baseline and
 * campcc measure the same hardware. The baselines do not use libcamp; they
 * share this instead of each repeating it. */
#ifndef VK_CHOOSE_H
#define VK_CHOOSE_H

#include <stdint.h>
#include <vulkan/vulkan.h>

/* CAMP_DEVICE (an index) if set, else the first device of the best type
 * (discrete > integrated > virtual > CPU); it must support Vulkan 1.2.
 * NULL, with *why set to the reason, when there is none. */
VkPhysicalDevice vk_choose_device(VkInstance instance, const char **why);

/* The first family with compute and without graphics (an asynchronous
 * compute family, as libcamp prefers), else the first with compute;
 * UINT32_MAX if the device has none. */
uint32_t vk_choose_compute_family(VkPhysicalDevice physical);

#endif
