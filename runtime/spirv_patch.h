/* spirv_patch.h — word-level rewrites of a kernel module before
 * vkCreateShaderModule, for what a device does not support. */
#ifndef CAMP_SPIRV_PATCH_H
#define CAMP_SPIRV_PATCH_H

#include <stddef.h>
#include <stdint.h>

/* The float controls (VkPhysicalDeviceFloatControlsProperties) kernels may declare. */
enum {
    CAMP_SPIRV_DENORM_PRESERVE_32 = 1u << 0,    /* DenormPreserve 32 */
    CAMP_SPIRV_SIGNED_ZERO_INF_NAN_32 = 1u << 1, /* SignedZeroInfNanPreserve 32 */
    CAMP_SPIRV_SIGNED_ZERO_INF_NAN_64 = 1u << 2, /* SignedZeroInfNanPreserve 64 */
    CAMP_SPIRV_FLOAT_CONTROLS = (1u << 3) - 1,
};

/* Copies the module words[0..count) to out (room for count words) without
 * the `OpExecutionMode ...` instructions of the float controls not in
 * `kept`, nor the capabilities no kept control needs; returns the number
 * of words written. A malformed instruction stream is copied unchanged
 * from there on. */
size_t camp_spirv_strip_float_controls(const uint32_t *words, size_t count, uint32_t *out, unsigned kept);

/* Takes the non-semantic instructions (campcc -g's debug information) out
 * of the module words[0..count), in place, for a device without
 * VK_KHR_shader_non_semantic_info: `OpExtension "SPV_KHR_non_semantic_info"`,
 * every `OpExtInstImport "NonSemantic.*"` and every OpExtInst of those
 * sets. Returns the number of words left. A malformed instruction stream
 * is kept unchanged from there on. */
size_t camp_spirv_strip_non_semantic(uint32_t *words, size_t count);

/* The bytes of the module's Function variables (its threads' own
 * variables, every function's: an upper bound once the driver inlines),
 * each as its type's scalars laid end to end; 0 for a malformed module. */
uint64_t camp_spirv_private_bytes(const uint32_t *words, size_t count);

#endif /* CAMP_SPIRV_PATCH_H */
