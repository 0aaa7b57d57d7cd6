/* coopmat_nv.c — the device's cooperative matrices (coopmat_nv.h). */
#include "coopmat_nv.h"

#include <stdarg.h>

static const char *type_name(VkComponentTypeNV type) {
    static const char *const names[] = {"fp16", "fp32", "fp64", "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64"};
    return (unsigned)type < sizeof names / sizeof *names ? names[type] : "?";
}

static bool has_extension(VkPhysicalDevice physical, const char *name) {
    uint32_t count = 0;
    vkEnumerateDeviceExtensionProperties(physical, NULL, &count, NULL);
    VkExtensionProperties *all = calloc(count ? count : 1, sizeof *all);
    if (!all) return false;
    vkEnumerateDeviceExtensionProperties(physical, NULL, &count, all);
    bool found = false;
    for (uint32_t i = 0; i < count && !found; i++) found = strcmp(all[i].extensionName, name) == 0;
    free(all);
    return found;
}

/* Appends to `why` (a string of `size` bytes) as snprintf would. */
static void append(char *why, size_t size, const char *format, ...) {
    size_t used = strlen(why);
    if (used + 1 >= size) return;
    va_list args;
    va_start(args, format);
    vsnprintf(why + used, size - used, format, args);
    va_end(args);
}

/* The reason the device lacks `shape`, with the shapes it has. */
static const char *shape_missing(VkInstance instance, VkPhysicalDevice physical, const coopmat_shape *shape,
                                 char *why, size_t size) {
    PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV get =
        (PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV)vkGetInstanceProcAddr(
            instance, "vkGetPhysicalDeviceCooperativeMatrixPropertiesNV");
    uint32_t count = 0;
    if (!get || get(physical, &count, NULL) < 0) return "vkGetPhysicalDeviceCooperativeMatrixPropertiesNV fails";
    VkCooperativeMatrixPropertiesNV *offered = calloc(count ? count : 1, sizeof *offered);
    if (!offered) return "out of host memory";
    for (uint32_t i = 0; i < count; i++) offered[i].sType = VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_NV;
    get(physical, &count, offered);
    snprintf(why, size, "the device has no %ux%ux%u %s x %s + %s subgroup cooperative matrix; it has:", shape->m,
             shape->n, shape->k, type_name(shape->ab), type_name(shape->ab), type_name(shape->d));
    bool found = false;
    for (uint32_t i = 0; i < count; i++) {
        const VkCooperativeMatrixPropertiesNV *p = &offered[i];
        found |= p->MSize == shape->m && p->NSize == shape->n && p->KSize == shape->k && p->AType == shape->ab &&
                 p->BType == shape->ab && p->CType == shape->d && p->DType == shape->d &&
                 p->scope == VK_SCOPE_SUBGROUP_NV;
        append(why, size, " %ux%ux%u %s x %s + %s", p->MSize, p->NSize, p->KSize, type_name(p->AType),
               type_name(p->BType), type_name(p->CType));
    }
    if (!count) append(why, size, " none");
    free(offered);
    return found ? NULL : why;
}

const char *coopmat_nv_missing(const vkb *v, const coopmat_shape *shape, char *why, size_t size) {
    VkPhysicalDevice physical = vkb_physical(v);
    if (!has_extension(physical, VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME))
        return "the device has no " VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME;
    VkPhysicalDeviceCooperativeMatrixFeaturesNV coopmat = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_NV};
    VkPhysicalDeviceVulkan12Features vulkan12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                                 .pNext = &coopmat};
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &vulkan12};
    vkGetPhysicalDeviceFeatures2(physical, &features);
    if (!coopmat.cooperativeMatrix) return "the device lacks the cooperativeMatrix feature";
    if (!vulkan12.shaderFloat16) return "the device lacks shaderFloat16";
    if (!vulkan12.vulkanMemoryModel) return "the device lacks vulkanMemoryModel";
    VkPhysicalDeviceCooperativeMatrixPropertiesNV stages = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_PROPERTIES_NV};
    VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                              .pNext = &stages};
    vkGetPhysicalDeviceProperties2(physical, &properties);
    if (!(stages.cooperativeMatrixSupportedStages & VK_SHADER_STAGE_COMPUTE_BIT))
        return "the device has no cooperative matrices in compute shaders";
    return shape_missing(vkb_instance(v), physical, shape, why, size);
}

vkb_needs coopmat_nv_needs(coopmat_nv_storage *storage) {
    storage->extension = VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME;
    storage->features = (VkPhysicalDeviceCooperativeMatrixFeaturesNV){
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_NV, .cooperativeMatrix = VK_TRUE};
    return (vkb_needs){.extensions = &storage->extension,
                       .extension_count = 1,
                       .shader_float16 = true,
                       .vulkan_memory_model = true,
                       .features = &storage->features};
}
