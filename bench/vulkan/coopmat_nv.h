/* coopmat_nv.h — what the cooperative-matrix twins (GL_NV_cooperative_matrix
 * shaders) need of the device, asked before it is created: the extension
 * VK_NV_cooperative_matrix and its feature in compute shaders, a fragment
 * shape and its component types at subgroup scope, and the Vulkan 1.2
 * features such shaders use (shaderFloat16, vulkanMemoryModel: glslang
 * writes them with the Vulkan memory model); and the needs that enable all
 * of it. */
#ifndef COOPMAT_NV_H
#define COOPMAT_NV_H
#include "harness.h"

/* D (M x N, type d) = A (M x K, type ab) x B (K x N, type ab) + C (type d). */
typedef struct coopmat_shape {
    uint32_t m, n, k;
    VkComponentTypeNV ab, d;
} coopmat_shape;

/* NULL if the device can run `shape`, else the reason (written into `why`),
 * with the shapes it offers when it has the extension. */
const char *coopmat_nv_missing(const vkb *v, const coopmat_shape *shape, char *why, size_t size);

/* The needs that enable the extension and the features, for
 * vkb_create_device; they point into `storage`. */
typedef struct coopmat_nv_storage {
    const char *extension;
    VkPhysicalDeviceCooperativeMatrixFeaturesNV features;
} coopmat_nv_storage;
vkb_needs coopmat_nv_needs(coopmat_nv_storage *storage);
#endif
