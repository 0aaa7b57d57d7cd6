/* fragment.c — matrix fragments on the device: the cooperative matrices
 * it offers (VK_NV_cooperative_matrix) and, per kernel with fragments,
 * which of its two modules runs: the cooperative-matrix one where the
 * device offers every shape the kernel multiplies, the scalar lowering
 * where it has no cooperative matrices at all (lavapipe), and a clear
 * error where it has them but not the kernel's shapes (the program asked
 * for the matrix units; running it slowly instead would hide that). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

camp_status camp_fragment_shapes_query(camp_device *dev) {
    PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV query = camp_rt.vk.vkGetPhysicalDeviceCooperativeMatrixPropertiesNV;
    uint32_t count = 0;
    if (!query || query(dev->physical, &count, NULL) < 0 || count == 0) return CAMP_OK;
    VkCooperativeMatrixPropertiesNV *all = calloc(count, sizeof *all);
    if (!all) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    for (uint32_t i = 0; i < count; i++) all[i].sType = VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_NV;
    if (query(dev->physical, &count, all) < 0) count = 0;
    uint32_t n = 0;
    for (uint32_t i = 0; i < count; i++)
        if (all[i].scope == VK_SCOPE_SUBGROUP_NV) all[n++] = all[i];
    dev->cooperative_shapes = all;
    dev->cooperative_shape_count = n;
    if (n) dev->features |= CAMP_FEATURE_COOPERATIVE_MATRIX;
    return CAMP_OK;
}

static VkComponentTypeNV component_type(uint32_t c) {
    static const VkComponentTypeNV types[] = {
        [CAMP_FRAGMENT_FLOAT16] = VK_COMPONENT_TYPE_FLOAT16_NV, [CAMP_FRAGMENT_FLOAT32] = VK_COMPONENT_TYPE_FLOAT32_NV,
        [CAMP_FRAGMENT_SINT8] = VK_COMPONENT_TYPE_SINT8_NV, [CAMP_FRAGMENT_SINT32] = VK_COMPONENT_TYPE_SINT32_NV};
    return c < sizeof types / sizeof *types ? types[c] : VK_COMPONENT_TYPE_MAX_ENUM_NV;
}

static const char *component_name(VkComponentTypeNV t) {
    switch (t) {
    case VK_COMPONENT_TYPE_FLOAT16_NV: return "half";
    case VK_COMPONENT_TYPE_FLOAT32_NV: return "float";
    case VK_COMPONENT_TYPE_FLOAT64_NV: return "double";
    case VK_COMPONENT_TYPE_SINT8_NV: return "int8_t";
    case VK_COMPONENT_TYPE_SINT32_NV: return "int";
    case VK_COMPONENT_TYPE_UINT8_NV: return "uint8_t";
    case VK_COMPONENT_TYPE_UINT32_NV: return "unsigned";
    default: return "other";
    }
}

static bool offers(const camp_device *dev, const camp_fragment_shape *s) {
    for (uint32_t i = 0; i < dev->cooperative_shape_count; i++) {
        const VkCooperativeMatrixPropertiesNV *p = &dev->cooperative_shapes[i];
        if (p->MSize == s->m && p->NSize == s->n && p->KSize == s->k && p->AType == component_type(s->input) &&
            p->BType == p->AType && p->CType == component_type(s->accumulator) && p->DType == p->CType)
            return true;
    }
    return false;
}

/* The device's shapes, "MxNxK A→C, ..." (A and B alike, C and D alike). */
static void list_shapes(const camp_device *dev, char *out, size_t size) {
    size_t used = 0;
    out[0] = 0;
    for (uint32_t i = 0; i < dev->cooperative_shape_count && used + 1 < size; i++) {
        const VkCooperativeMatrixPropertiesNV *p = &dev->cooperative_shapes[i];
        int n = snprintf(out + used, size - used, "%s%ux%ux%u %s->%s", i ? ", " : "", p->MSize, p->NSize, p->KSize,
                         component_name(p->AType), component_name(p->CType));
        if (n < 0) break;
        used += (size_t)n;
    }
}

camp_status camp_fragment_choose(const camp_device *dev, const camp_kernel_info *kernel, const uint32_t local_size[3],
                                 bool *cooperative) {
    *cooperative = false;
    if (!kernel->fragment_shape_count || !(dev->features & CAMP_FEATURE_COOPERATIVE_MATRIX)) return CAMP_OK;
    for (uint32_t i = 0; i < kernel->fragment_shape_count; i++) {
        const camp_fragment_shape *s = &kernel->fragment_shapes[i];
        if (offers(dev, s)) continue;
        char shapes[512];
        list_shapes(dev, shapes, sizeof shapes);
        return camp_fail(CAMP_ERROR_UNSUPPORTED,
                         "the matrix fragments at line %u multiply %ux%ux%u with %s inputs into a %s accumulator, "
                         "which the device %s's cooperative matrices do not offer; it offers %s",
                         s->line, s->m, s->n, s->k, component_name(component_type(s->input)),
                         component_name(component_type(s->accumulator)), dev->name, shapes);
    }
    uint32_t threads = local_size[0] * local_size[1] * local_size[2], width = camp_device_subgroup_size(dev);
    if (width && threads % width)
        return camp_fail(CAMP_ERROR_UNSUPPORTED,
                         "the kernel's tile of %u threads is not a whole number of the device %s's subgroups of %u: "
                         "matrix fragments are held by whole subgroups",
                         threads, dev->name, width);
    *cooperative = true;
    return CAMP_OK;
}
