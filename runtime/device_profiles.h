/* device_profiles.h — the kernel features (enum camp_feature) by name, and
 * named device profiles: the limits and features a class of Vulkan devices
 * has. libcamp runs a program under one (CAMP_SIMULATE=NAME, simulate.c);
 * campcc checks kernels against one (--target-profile=NAME). The data and
 * where each profile's numbers come from: device_profiles.c. */
#ifndef CAMP_DEVICE_PROFILES_H
#define CAMP_DEVICE_PROFILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct camp_feature_name {
    uint32_t bit;       /* enum camp_feature */
    const char *vulkan; /* Vulkan's name for it: what --dump-kernels and tests' `// needs:` lines write */
    const char *what;   /* what a kernel uses it for, with the Vulkan names it takes (messages) */
} camp_feature_name;

extern const camp_feature_name camp_feature_names[];
extern const size_t camp_feature_name_count;

typedef struct camp_device_profile {
    const char *name;   /* CAMP_SIMULATE's and --target-profile's value */
    const char *label;  /* what it is, in words */
    /* Why campcc cannot run on every device the profile describes: a
     * feature libcamp needs of any device (Vulkan 1.2, bufferDeviceAddress,
     * scalarBlockLayout, timelineSemaphore) that the profile does not
     * guarantee; NULL when it guarantees them all. */
    const char *cannot_run;
    uint32_t features;  /* enum camp_feature bits its devices have */
    uint32_t subgroup_size; /* its devices' default; 0: the profile fixes none */
    uint32_t shared_memory; /* maxComputeSharedMemorySize, bytes */
    uint32_t invocations;   /* maxComputeWorkGroupInvocations */
    uint32_t workgroup_size[3]; /* maxComputeWorkGroupSize */
    uint32_t push_constants;    /* maxPushConstantsSize, bytes */
    bool import_host;    /* VK_EXT_external_memory_host */
    bool copy_queue;     /* a transfer-only queue family */
    bool cached_device_memory; /* device-local memory the host reads through its caches (unified memory) */
} camp_device_profile;

/* The profile named `name`, or NULL. */
const camp_device_profile *camp_device_profile_find(const char *name);
/* The profiles' names, ", " between them, into `out` (cut at `size`). */
void camp_device_profile_list(char *out, size_t size);

#endif
