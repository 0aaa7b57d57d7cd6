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

#endif /* CAMP_SPIRV_PATCH_H */
