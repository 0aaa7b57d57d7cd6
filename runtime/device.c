/* device.c — the Vulkan instance, the choice of physical device
 * (CAMP_DEVICE, else discrete > integrated > virtual > CPU), the logical
 * device with the features kernels may use and its compute queue (which
 * the accelerator views of queue.c submit to). */
#include "internal.h"
#include "spirv_patch.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Instance ------------------------------------------------------------ */

static bool has_extension(const VkExtensionProperties *list, uint32_t count, const char *name) {
    for (uint32_t i = 0; i < count; i++)
        if (strcmp(list[i].extensionName, name) == 0) return true;
    return false;
}

/* ---- Extension functions ------------------------------------------------- */

/* Whether the instance's functions of `extension` are there: those of
 * VK_EXT_debug_utils where it is enabled; those of device extensions, whose
 * physical-device functions the instance has, always. */
static bool instance_functions_there(const char *extension) {
    return camp_rt.debug_utils || strcmp(extension, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) != 0;
}

/* Whether the device's functions of `extension` are there: it is one of
 * the device's `extensions`, or the instance's VK_EXT_debug_utils. */
static bool device_functions_there(const char *const *extensions, uint32_t count, const char *extension) {
    for (uint32_t i = 0; i < count; i++)
        if (strcmp(extensions[i], extension) == 0) return true;
    return camp_rt.debug_utils && strcmp(extension, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) == 0;
}

static void load_instance_functions(void) {
#define CAMP_VK_LOAD(name, extension)                                                                  \
    camp_rt.vk.name =                                                                                  \
        instance_functions_there(extension) ? (PFN_##name)vkGetInstanceProcAddr(camp_rt.instance, #name) : NULL;
    CAMP_VK_INSTANCE_FUNCTIONS(CAMP_VK_LOAD)
#undef CAMP_VK_LOAD
}

static void load_device_functions(camp_device *dev, const char *const *extensions, uint32_t count) {
#define CAMP_VK_LOAD(name, extension)                                                                  \
    dev->vk.name = device_functions_there(extensions, count, extension)                               \
                       ? (PFN_##name)vkGetDeviceProcAddr(dev->device, #name)                           \
                       : NULL;
    CAMP_VK_DEVICE_FUNCTIONS(CAMP_VK_LOAD)
#undef CAMP_VK_LOAD
}

camp_status camp_instance_init(void) {
    if (camp_rt.instance) return CAMP_OK;
    CAMP_TRY(camp_process_check()); /* a child's copy of the parent's loader and layers: not its own instance */
    camp_watch_forks();
    bool validation = camp_validation_requested();
    if (validation) CAMP_TRY(camp_validation_check_layer());

    /* Portability enumeration lists MoltenVK-style drivers too; harmless
     * where absent. */
    camp_status status = CAMP_OK;
    uint32_t available_count = 0;
    VkExtensionProperties *available = NULL;
    VK(vkEnumerateInstanceExtensionProperties(NULL, &available_count, NULL));
    available = calloc(available_count ? available_count : 1, sizeof *available);
    if (!available) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    VK(vkEnumerateInstanceExtensionProperties(NULL, &available_count, available));
    bool portability = has_extension(available, available_count, VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME);
    bool debug_utils_available = has_extension(available, available_count, VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    free(available);
    available = NULL;

    const char *extensions[2];
    uint32_t extension_count = 0;
    if (portability) extensions[extension_count++] = VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME;
    /* Validation messages, and names and labels for profiling tools (profile.c). */
    bool tools = camp_profile_init();
    bool debug_utils = validation || (tools && debug_utils_available);
    if (debug_utils) extensions[extension_count++] = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    const char *layers[] = {camp_validation_layer_name()};

    VkDebugUtilsMessengerCreateInfoEXT messenger;
    camp_validation_messenger_info(&messenger);
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "campcc program",
        .pEngineName = "libcamp",
        .apiVersion = VK_API_VERSION_1_2,
    };
    VkInstanceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pNext = validation ? &messenger : NULL,
        .flags = portability ? VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR : 0,
        .pApplicationInfo = &app,
        .enabledLayerCount = validation ? 1 : 0,
        .ppEnabledLayerNames = layers,
        .enabledExtensionCount = extension_count,
        .ppEnabledExtensionNames = extensions,
    };
    VK(vkCreateInstance(&info, NULL, &camp_rt.instance));
    camp_rt.debug_utils = debug_utils;
    load_instance_functions();
    if (validation) CAMP_TRY(camp_validation_messenger_create());
    return CAMP_OK;
error:
    free(available);
    return status;
}

/* ---- Physical device ----------------------------------------------------- */

const char *camp_device_type_name(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
    default: return "other";
    }
}

/* Higher is better; the order of docs/dialect.md §7. */
static int type_rank(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 4;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 3;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 1;
    default: return 0;
    }
}

static bool find_compute_queue(VkPhysicalDevice device, uint32_t *family) {
    uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, NULL);
    VkQueueFamilyProperties families[16];
    if (count > 16) count = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families);
    /* A compute-only family is often an async queue that runs beside
     * graphics; any compute family will do otherwise. */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < count; i++) {
            VkQueueFlags flags = families[i].queueFlags;
            if (!(flags & VK_QUEUE_COMPUTE_BIT) || families[i].queueCount == 0) continue;
            if (pass == 0 && (flags & VK_QUEUE_GRAPHICS_BIT)) continue;
            *family = i;
            return true;
        }
    return false;
}

/* The family of asynchronous copies: a transfer-only one, whose queues feed
 * the DMA engines beside the kernels (on an H100, copies on a compute queue
 * ran one after another with the kernels they were meant to overlap), else
 * the compute family. CAMP_COPY_QUEUE=compute keeps them there (to compare). */
static uint32_t find_copy_family(const VkQueueFamilyProperties *families, uint32_t count, uint32_t compute) {
    const char *choice = getenv("CAMP_COPY_QUEUE");
    if (choice && !strcmp(choice, "compute")) return compute;
    const VkQueueFlags runs = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT | VK_QUEUE_TRANSFER_BIT;
    for (uint32_t i = 0; i < count; i++)
        if ((families[i].queueFlags & runs) == VK_QUEUE_TRANSFER_BIT && families[i].queueCount > 0) return i;
    return compute;
}

const char *camp_device_unsuitable(VkPhysicalDevice device) {
    const char *simulated = camp_simulate_unsuitable();
    if (simulated) return simulated;
    VkPhysicalDeviceProperties properties;
    vkGetPhysicalDeviceProperties(device, &properties);
    if (properties.apiVersion < VK_API_VERSION_1_2) return "it does not support Vulkan 1.2";
    VkPhysicalDeviceVulkan12Features v12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &v12};
    vkGetPhysicalDeviceFeatures2(device, &features);
    if (!v12.bufferDeviceAddress) return "it lacks the bufferDeviceAddress feature";
    if (!v12.scalarBlockLayout) return "it lacks the scalarBlockLayout feature";
    if (!v12.timelineSemaphore) return "it lacks the timelineSemaphore feature";
    uint32_t family;
    if (!find_compute_queue(device, &family)) return "it has no compute queue";
    return NULL;
}

static bool contains_ignoring_case(const char *haystack, const char *needle) {
    size_t n = strlen(needle);
    for (; *haystack; haystack++) {
        size_t i = 0;
        while (i < n && haystack[i] &&
               tolower((unsigned char)haystack[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n) return true;
    }
    return n == 0;
}

static camp_status choose_by_env(const char *wanted, VkPhysicalDevice *devices, uint32_t count,
                                 uint32_t *chosen) {
    char *end = NULL;
    unsigned long index = strtoul(wanted, &end, 10);
    bool is_index = end != wanted && *end == '\0' && isdigit((unsigned char)wanted[0]);
    for (uint32_t i = 0; i < count; i++) {
        VkPhysicalDeviceProperties properties;
        vkGetPhysicalDeviceProperties(devices[i], &properties);
        if (is_index ? index == i : contains_ignoring_case(properties.deviceName, wanted)) {
            const char *why = camp_device_unsuitable(devices[i]);
            if (why)
                return camp_fail_setting(CAMP_ERROR_NO_DEVICE, "CAMP_DEVICE=%s selects device %u (%s), but %s",
                                 wanted, i, properties.deviceName, why);
            *chosen = i;
            return CAMP_OK;
        }
    }
    char names[512] = "";
    for (uint32_t i = 0; i < count; i++) {
        VkPhysicalDeviceProperties properties;
        vkGetPhysicalDeviceProperties(devices[i], &properties);
        size_t used = strlen(names);
        snprintf(names + used, sizeof names - used, "%s%u: %s", i ? ", " : "", i, properties.deviceName);
    }
    return camp_fail_setting(CAMP_ERROR_NO_DEVICE, "CAMP_DEVICE=%s matches no Vulkan device (there are: %s)",
                     wanted, names);
}

static camp_status choose_by_rank(VkPhysicalDevice *devices, uint32_t count, uint32_t *chosen) {
    int best_rank = -1;
    const char *why_not = NULL;
    for (uint32_t i = 0; i < count; i++) {
        const char *why = camp_device_unsuitable(devices[i]);
        if (why) {
            why_not = why;
            continue;
        }
        VkPhysicalDeviceProperties properties;
        vkGetPhysicalDeviceProperties(devices[i], &properties);
        if (type_rank(properties.deviceType) > best_rank) {
            best_rank = type_rank(properties.deviceType);
            *chosen = i;
        }
    }
    if (best_rank < 0)
        return camp_fail(CAMP_ERROR_NO_DEVICE, "no usable Vulkan device: %s", why_not);
    return CAMP_OK;
}

camp_status camp_device_choose(VkPhysicalDevice *devices, uint32_t count, uint32_t *chosen) {
    if (count == 0)
        return camp_fail(CAMP_ERROR_NO_DEVICE, "no Vulkan device found; install a GPU driver, or "
                                               "mesa-vulkan-drivers for the CPU device (lavapipe)");
    const char *wanted = getenv("CAMP_DEVICE");
    return wanted && *wanted ? choose_by_env(wanted, devices, count, chosen) : choose_by_rank(devices, count, chosen);
}

/* The device's Vulkan 1.2 properties; false on a device older than 1.2. */
static bool vulkan12_properties(VkPhysicalDevice device, VkPhysicalDeviceVulkan12Properties *v12) {
    VkPhysicalDeviceProperties basic;
    vkGetPhysicalDeviceProperties(device, &basic);
    if (basic.apiVersion < VK_API_VERSION_1_2) return false;
    *v12 = (VkPhysicalDeviceVulkan12Properties){.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
    VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = v12};
    vkGetPhysicalDeviceProperties2(device, &properties);
    return true;
}

void camp_driver_properties(VkPhysicalDevice physical, VkPhysicalDeviceDriverProperties *driver) {
    *driver = (VkPhysicalDeviceDriverProperties){.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                              .pNext = driver};
    vkGetPhysicalDeviceProperties2(physical, &properties);
}

VkDriverId camp_driver_id(VkPhysicalDevice physical) {
    VkPhysicalDeviceDriverProperties driver;
    camp_driver_properties(physical, &driver);
    return driver.driverID;
}

/* Whether kernels address view elements by access chains where they can
 * (CAMP_SPEC_NARROW_ADDRESSES): on NVIDIA's driver, where they were
 * measured right and faster. Elsewhere not: lavapipe (Mesa 22.3) forwards
 * a vector stored through an access chain wrongly to a later load of one
 * of its lanes. CAMP_ACCESS_CHAINS=1 or 0 decides instead. */
static bool uses_access_chains(VkPhysicalDevice physical) {
    const char *forced = getenv("CAMP_ACCESS_CHAINS");
    if (forced && *forced) return strcmp(forced, "0") != 0;
    return camp_driver_id(physical) == VK_DRIVER_ID_NVIDIA_PROPRIETARY;
}

/* The subgroup operations compute kernels may use (CAMP_FEATURE_SUBGROUP_*),
 * but for those CAMP_DEVICE_MASK_FEATURES hides (a test knob). */
static uint32_t subgroup_features(VkPhysicalDevice device, const VkPhysicalDeviceVulkan12Features *has12) {
    VkPhysicalDeviceSubgroupProperties subgroup = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                              .pNext = &subgroup};
    vkGetPhysicalDeviceProperties2(device, &properties);
    if (!(subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT)) return 0;
    static const struct {
        VkSubgroupFeatureFlagBits operations;
        uint32_t feature;
    } classes[] = {
        {VK_SUBGROUP_FEATURE_BASIC_BIT, CAMP_FEATURE_SUBGROUP_BASIC},
        {VK_SUBGROUP_FEATURE_VOTE_BIT, CAMP_FEATURE_SUBGROUP_VOTE},
        {VK_SUBGROUP_FEATURE_BALLOT_BIT, CAMP_FEATURE_SUBGROUP_BALLOT},
        {VK_SUBGROUP_FEATURE_SHUFFLE_BIT, CAMP_FEATURE_SUBGROUP_SHUFFLE},
        {VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT, CAMP_FEATURE_SUBGROUP_SHUFFLE_RELATIVE},
        {VK_SUBGROUP_FEATURE_ARITHMETIC_BIT, CAMP_FEATURE_SUBGROUP_ARITHMETIC},
    };
    uint32_t features = has12->shaderSubgroupExtendedTypes ? CAMP_FEATURE_SUBGROUP_EXTENDED_TYPES : 0;
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
        if (subgroup.supportedOperations & classes[i].operations) features |= classes[i].feature;
    return features & ~camp_rt.masked_features;
}

bool camp_device_preserves_float_subnormals(VkPhysicalDevice device) {
    return camp_device_float_controls(device) & CAMP_SPIRV_DENORM_PRESERVE_32;
}

unsigned camp_device_float_controls(VkPhysicalDevice device) {
    VkPhysicalDeviceVulkan12Properties v12;
    if (!vulkan12_properties(device, &v12)) return 0;
    return (v12.shaderDenormPreserveFloat32 ? CAMP_SPIRV_DENORM_PRESERVE_32 : 0) |
           (v12.shaderSignedZeroInfNanPreserveFloat32 ? CAMP_SPIRV_SIGNED_ZERO_INF_NAN_32 : 0) |
           (v12.shaderSignedZeroInfNanPreserveFloat64 ? CAMP_SPIRV_SIGNED_ZERO_INF_NAN_64 : 0);
}

/* Kernels with half declare RoundingModeRTE 16 (conversions to half round to
 * nearest even, as the host's do); a device without it cannot run them. */
static bool rounds_half_to_even(VkPhysicalDevice device) {
    VkPhysicalDeviceVulkan12Properties v12;
    return vulkan12_properties(device, &v12) && v12.shaderRoundingModeRTEFloat16;
}

bool camp_device_shares_memory(VkPhysicalDeviceType type, const VkPhysicalDeviceMemoryProperties *memory) {
    /* A discrete GPU's mappable device memory (ReBAR) is across the bus:
     * slow for the host to read, so not "shared" in C++ AMP's sense. */
    if (type != VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU && type != VK_PHYSICAL_DEVICE_TYPE_CPU) return false;
    const VkMemoryPropertyFlags wanted = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    for (uint32_t t = 0; t < memory->memoryTypeCount; t++)
        if ((memory->memoryTypes[t].propertyFlags & wanted) == wanted) return camp_simulate_shares_memory();
    return false;
}

camp_status camp_physical_devices(VkPhysicalDevice **out, uint32_t *count) {
    *out = NULL;
    camp_status status = CAMP_OK;
    VkPhysicalDevice *devices = NULL;
    VK(vkEnumeratePhysicalDevices(camp_rt.instance, count, NULL));
    devices = calloc(*count ? *count : 1, sizeof *devices);
    if (!devices) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    VK(vkEnumeratePhysicalDevices(camp_rt.instance, count, devices));
    *out = devices;
    return CAMP_OK;
error:
    free(devices);
    return status;
}

/* The driver's, or under CAMP_SIMULATE the profile's (simulate.c). */
uint32_t camp_device_subgroup_size(const camp_device *dev) {
    VkPhysicalDeviceSubgroupProperties subgroup = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                              .pNext = &subgroup};
    vkGetPhysicalDeviceProperties2(dev->physical, &properties);
    return camp_simulate_subgroup_size(subgroup.subgroupSize);
}

/* ---- Logical device ------------------------------------------------------ */

bool camp_device_has_extension(VkPhysicalDevice physical, const char *name) {
    uint32_t count = 0;
    if (vkEnumerateDeviceExtensionProperties(physical, NULL, &count, NULL) < 0 || count == 0) return false;
    VkExtensionProperties *list = calloc(count, sizeof *list);
    bool found = list && vkEnumerateDeviceExtensionProperties(physical, NULL, &count, list) >= 0 &&
                 has_extension(list, count, name);
    free(list);
    return found;
}

/* Whether the device can read its own clock and CLOCK_MONOTONIC together. */
static bool calibrateable(VkPhysicalDevice physical) {
    VkTimeDomainEXT domains[8];
    uint32_t count = 8;
    if (!camp_rt.vk.vkGetPhysicalDeviceCalibrateableTimeDomainsEXT ||
        camp_rt.vk.vkGetPhysicalDeviceCalibrateableTimeDomainsEXT(physical, &count, domains) < 0)
        return false;
    bool device = false, monotonic = false;
    for (uint32_t i = 0; i < count; i++) {
        device |= domains[i] == VK_TIME_DOMAIN_DEVICE_EXT;
        monotonic |= domains[i] == VK_TIME_DOMAIN_CLOCK_MONOTONIC_EXT;
    }
    return device && monotonic;
}

/* When profiling, adds the extensions it uses that `dev` has to
 * `extensions` (room for three more): calibrated timestamps, pipeline
 * creation feedback, the driver's statistics of each pipeline (whose
 * feature `pipeline_statistics` enables). */
static void add_profiling_extensions(camp_device *dev, const char **extensions, uint32_t *count,
                                     VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR *pipeline_statistics) {
    if (!camp_rt.profiling) return;
    if (!dev->timestamp_bits)
        fprintf(stderr, "camp warning: the device %s has no timestamps: kernels are not timed\n", dev->name);
    if (camp_device_has_extension(dev->physical, VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME) &&
        calibrateable(dev->physical))
        extensions[(*count)++] = VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME;
    dev->creation_feedback =
        camp_device_has_extension(dev->physical, VK_EXT_PIPELINE_CREATION_FEEDBACK_EXTENSION_NAME);
    if (dev->creation_feedback) extensions[(*count)++] = VK_EXT_PIPELINE_CREATION_FEEDBACK_EXTENSION_NAME;
    if (camp_device_has_extension(dev->physical, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME)) {
        VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR has = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
        VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &has};
        vkGetPhysicalDeviceFeatures2(dev->physical, &features);
        if (has.pipelineExecutableInfo) {
            extensions[(*count)++] = VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME;
            pipeline_statistics->pipelineExecutableInfo = VK_TRUE;
        }
    }
}

static camp_status create_device(camp_device *dev) {
    camp_status status = CAMP_OK;
    /* Float atomics (camp_atomic_fetch_add/exchange on float) */
    bool atomic_float = camp_device_has_extension(dev->physical, VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME);
    VkPhysicalDeviceShaderAtomicFloatFeaturesEXT has_atomic = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
    /* Samplers' border colours beyond Vulkan's three (texture.c) */
    bool custom_border = camp_device_has_extension(dev->physical, VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME);
    VkPhysicalDeviceCustomBorderColorFeaturesEXT has_border = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
        .pNext = atomic_float ? &has_atomic : NULL};
    VkPhysicalDeviceVulkan11Features has11 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                              .pNext = custom_border ? (void *)&has_border : has_border.pNext};
    /* Matrix fragments as cooperative matrices (fragment.c) */
    bool cooperative = camp_device_has_extension(dev->physical, VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME);
    VkPhysicalDeviceCooperativeMatrixFeaturesNV has_cooperative = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_NV, .pNext = &has11};
    VkPhysicalDeviceVulkan12Features has12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                              .pNext = cooperative ? (void *)&has_cooperative : &has11};
    VkPhysicalDeviceFeatures2 has = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &has12};
    vkGetPhysicalDeviceFeatures2(dev->physical, &has);
    camp_faults_mask_features(&has.features, &has11, &has12); /* a test knob */

    /* Enable exactly what kernels may use and the device has; launches check
     * a kernel's needs against dev->features. */
    VkPhysicalDeviceShaderAtomicFloatFeaturesEXT on_atomic = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT,
        .shaderBufferFloat32Atomics = has_atomic.shaderBufferFloat32Atomics,
        .shaderBufferFloat32AtomicAdd = has_atomic.shaderBufferFloat32AtomicAdd,
        .shaderSharedFloat32Atomics = has_atomic.shaderSharedFloat32Atomics,
        .shaderSharedFloat32AtomicAdd = has_atomic.shaderSharedFloat32AtomicAdd,
    };
    custom_border = custom_border && has_border.customBorderColors && has_border.customBorderColorWithoutFormat;
    VkPhysicalDeviceCustomBorderColorFeaturesEXT on_border = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
        .pNext = atomic_float ? &on_atomic : NULL,
        .customBorderColors = VK_TRUE,
        .customBorderColorWithoutFormat = VK_TRUE,
    };
    VkPhysicalDeviceVulkan11Features on11 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
        .pNext = custom_border ? (void *)&on_border : on_border.pNext,
        .storageBuffer16BitAccess = has11.storageBuffer16BitAccess,
        .storagePushConstant16 = has11.storagePushConstant16,
    };
    cooperative = cooperative && has_cooperative.cooperativeMatrix;
    VkPhysicalDeviceCooperativeMatrixFeaturesNV on_cooperative = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_NV,
        .pNext = &on11,
        .cooperativeMatrix = VK_TRUE,
    };
    VkPhysicalDeviceVulkan12Features on12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
        .pNext = cooperative ? (void *)&on_cooperative : &on11,
        .bufferDeviceAddress = VK_TRUE,
        .scalarBlockLayout = VK_TRUE,
        .timelineSemaphore = VK_TRUE,
        .shaderInt8 = has12.shaderInt8,
        .shaderFloat16 = has12.shaderFloat16,
        .storageBuffer8BitAccess = has12.storageBuffer8BitAccess,
        .uniformAndStorageBuffer8BitAccess = has12.uniformAndStorageBuffer8BitAccess,
        .storagePushConstant8 = has12.storagePushConstant8,
        .shaderSubgroupExtendedTypes = has12.shaderSubgroupExtendedTypes,
        .shaderBufferInt64Atomics = has12.shaderBufferInt64Atomics,
        .shaderSharedInt64Atomics = has12.shaderSharedInt64Atomics,
        .hostQueryReset = has12.hostQueryReset, /* profile.c resets timestamps on the host */
    };
    VkPhysicalDeviceFeatures2 on = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
        .pNext = &on12,
        .features = {
            .shaderInt64 = has.features.shaderInt64,
            .shaderFloat64 = has.features.shaderFloat64,
            .shaderInt16 = has.features.shaderInt16,
            .shaderStorageImageWriteWithoutFormat = has.features.shaderStorageImageWriteWithoutFormat,
        },
    };
    dev->features = 0;
    if (has.features.shaderInt64) dev->features |= CAMP_FEATURE_INT64;
    if (has.features.shaderFloat64) dev->features |= CAMP_FEATURE_FLOAT64;
    if (has.features.shaderInt16 && has11.storageBuffer16BitAccess) dev->features |= CAMP_FEATURE_INT16;
    if (has12.shaderInt8 && has12.storageBuffer8BitAccess) dev->features |= CAMP_FEATURE_INT8;
    if (has12.shaderFloat16 && has11.storageBuffer16BitAccess && rounds_half_to_even(dev->physical))
        dev->features |= CAMP_FEATURE_FLOAT16;
    if (has_atomic.shaderBufferFloat32AtomicAdd && has_atomic.shaderSharedFloat32AtomicAdd)
        dev->features |= CAMP_FEATURE_ATOMIC_FLOAT_ADD;
    if (has_atomic.shaderBufferFloat32Atomics && has_atomic.shaderSharedFloat32Atomics)
        dev->features |= CAMP_FEATURE_ATOMIC_FLOAT;
    if (has.features.shaderStorageImageWriteWithoutFormat) dev->features |= CAMP_FEATURE_STORAGE_IMAGE;
    if (has12.storagePushConstant8) dev->features |= CAMP_FEATURE_PUSH_CONSTANT8;
    if (has11.storagePushConstant16) dev->features |= CAMP_FEATURE_PUSH_CONSTANT16;
    if (has12.shaderBufferInt64Atomics) dev->features |= CAMP_FEATURE_INT64_ATOMICS;
    if (has12.shaderSharedInt64Atomics) dev->features |= CAMP_FEATURE_SHARED_INT64_ATOMICS;
    dev->features |= subgroup_features(dev->physical, &has12);
    if (cooperative) CAMP_TRY(camp_fragment_shapes_query(dev));
    dev->host_query_reset = has12.hostQueryReset;
    /* Kernels declare DenormPreserve 32 and SignedZeroInfNanPreserve 32 and 64;
     * pipeline.c strips the modes the device lacks */
    dev->float_controls = camp_device_float_controls(dev->physical);
    dev->access_chains = uses_access_chains(dev->physical);

    uint32_t family_count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &family_count, NULL);
    VkQueueFamilyProperties families[16];
    if (family_count > 16) family_count = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &family_count, families);
    dev->queue_count = families[dev->queue_family].queueCount;
    if (dev->queue_count > CAMP_DEVICE_QUEUES_MAX) dev->queue_count = CAMP_DEVICE_QUEUES_MAX;
    dev->copy_family = find_copy_family(families, family_count, dev->queue_family);
    /* Copies from and to the program's own pages (transfer.c). */
    dev->import_host = camp_device_has_extension(dev->physical, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
    camp_simulate_device(dev); /* CAMP_SIMULATE: the profile's features, limits, copy family */
    dev->families[0] = dev->queue_family;
    dev->families[1] = dev->copy_family;
    dev->family_count = dev->copy_family == dev->queue_family ? 1 : 2;
    dev->timestamp_bits = families[dev->queue_family].timestampValidBits;
    dev->copy_timestamp_bits = families[dev->copy_family].timestampValidBits;
    const float priorities[CAMP_DEVICE_QUEUES_MAX] = {1.0f, 1.0f};
    VkDeviceQueueCreateInfo queues[2] = {{
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = dev->queue_family,
        .queueCount = dev->queue_count,
        .pQueuePriorities = priorities,
    }, {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = dev->copy_family,
        .queueCount = 1,
        .pQueuePriorities = priorities,
    }};
    /* Modules compiled with -g carry debug information for tools (pipeline.c strips it without this) */
    dev->non_semantic_info = !(camp_rt.faults & CAMP_FAULT_NO_NON_SEMANTIC_INFO) &&
                             camp_device_has_extension(dev->physical, VK_KHR_SHADER_NON_SEMANTIC_INFO_EXTENSION_NAME);
    /* Textures' bindings (texture.c) */
    bool push_descriptor = camp_device_has_extension(dev->physical, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
    const char *extensions[9];
    uint32_t extension_count = 0;
    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR on_statistics = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR, .pNext = on.pNext};
    add_profiling_extensions(dev, extensions, &extension_count, &on_statistics);
    if (on_statistics.pipelineExecutableInfo) on.pNext = &on_statistics;
    if (atomic_float) extensions[extension_count++] = VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME;
    if (dev->import_host) extensions[extension_count++] = VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME;
    if (dev->non_semantic_info) extensions[extension_count++] = VK_KHR_SHADER_NON_SEMANTIC_INFO_EXTENSION_NAME;
    if (push_descriptor) extensions[extension_count++] = VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
    if (custom_border) extensions[extension_count++] = VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME;
    if (cooperative) extensions[extension_count++] = VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME;
    dev->custom_border_colours = custom_border;
    VkDeviceCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &on,
        .queueCreateInfoCount = dev->family_count,
        .pQueueCreateInfos = queues,
        .enabledExtensionCount = extension_count,
        .ppEnabledExtensionNames = extensions,
    };
    VK(vkCreateDevice(dev->physical, &info, NULL, &dev->device));
    for (uint32_t i = 0; i < dev->queue_count; i++) vkGetDeviceQueue(dev->device, dev->queue_family, i, &dev->queues[i]);
    vkGetDeviceQueue(dev->device, dev->copy_family, 0, &dev->copy_queue);
    load_device_functions(dev, extensions, extension_count);
    if (dev->import_host) {
        VkPhysicalDeviceExternalMemoryHostPropertiesEXT host = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
        VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                                  .pNext = &host};
        vkGetPhysicalDeviceProperties2(dev->physical, &properties);
        dev->import_alignment = host.minImportedHostPointerAlignment;
        dev->import_host = dev->vk.vkGetMemoryHostPointerPropertiesEXT && dev->import_alignment;
    }
    return CAMP_OK;
error:
    return status;
}

void camp_device_close(camp_device *dev) {
    if (dev->device) vkDestroyDevice(dev->device, NULL);
    free(dev->cooperative_shapes);
    for (uint32_t i = 0; i < CAMP_DEVICE_QUEUES_MAX; i++) pthread_mutex_destroy(&dev->submit_locks[i]);
    pthread_mutex_destroy(&dev->copy_submit_lock);
    free(dev);
}

camp_status camp_device_create(VkPhysicalDevice physical, uint32_t index, camp_device **out) {
    camp_device *dev = calloc(1, sizeof *dev);
    if (!dev) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    for (uint32_t i = 0; i < CAMP_DEVICE_QUEUES_MAX; i++) pthread_mutex_init(&dev->submit_locks[i], NULL);
    pthread_mutex_init(&dev->copy_submit_lock, NULL);
    dev->index = index;
    dev->physical = physical;
    vkGetPhysicalDeviceProperties(physical, &dev->properties);
    vkGetPhysicalDeviceMemoryProperties(physical, &dev->memory);
    snprintf(dev->name, sizeof dev->name, "%s", dev->properties.deviceName);
    const char *why = camp_device_unsuitable(physical);
    camp_status status = why ? camp_fail(CAMP_ERROR_NO_DEVICE, "device %u (%s) cannot run kernels: %s", index,
                                         dev->name, why)
                             : CAMP_OK;
    if (status == CAMP_OK) {
        find_compute_queue(physical, &dev->queue_family);
        status = create_device(dev);
    }
    if (status != CAMP_OK) {
        camp_device_close(dev);
        return status;
    }
    *out = dev;
    return CAMP_OK;
}

void camp_instance_destroy(void) {
    if (camp_rt.instance) {
        camp_validation_messenger_destroy();
        vkDestroyInstance(camp_rt.instance, NULL);
    }
    camp_rt.instance = VK_NULL_HANDLE;
}
