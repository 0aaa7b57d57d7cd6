/* spirv_patch.h — word-level rewrites of a kernel module before
 * vkCreateShaderModule, for what a device does not support. */
#ifndef CAMP_SPIRV_PATCH_H
#define CAMP_SPIRV_PATCH_H

#include <stddef.h>
#include <stdint.h>

/* Copies the module words[0..count) to out (room for count words) without
 * `OpCapability DenormPreserve` and the `OpExecutionMode ... DenormPreserve`
 * instructions; returns the number of words written. A malformed
 * instruction stream is copied unchanged from there on. */
size_t camp_spirv_strip_denorm_preserve(const uint32_t *words, size_t count, uint32_t *out);

/* Takes the non-semantic instructions (campcc -g's debug information) out
 * of the module words[0..count), in place, for a device without
 * VK_KHR_shader_non_semantic_info: `OpExtension "SPV_KHR_non_semantic_info"`,
 * every `OpExtInstImport "NonSemantic.*"` and every OpExtInst of those
 * sets. Returns the number of words left. A malformed instruction stream
 * is kept unchanged from there on. */
size_t camp_spirv_strip_non_semantic(uint32_t *words, size_t count);

#endif /* CAMP_SPIRV_PATCH_H */
