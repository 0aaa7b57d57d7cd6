/* saxpy_args.h — glsl/saxpy.comp's push constants: the buffers' device
 * addresses, a and the count (the kernel suite's twin and the whole
 * program's, bench/whole/vk_saxpy_once.c). */
#ifndef VK_SAXPY_ARGS_H
#define VK_SAXPY_ARGS_H
#include <vulkan/vulkan.h>

typedef struct saxpy_args {
    VkDeviceAddress x, y;
    float a;
    uint32_t n;
} saxpy_args;
#endif
