/* spirv_patch.c — campcc declares DenormPreserve for 32-bit floats in every
 * entry point (NVIDIA flushes float subnormals otherwise); Vulkan allows the
 * mode only where VkPhysicalDeviceFloatControlsProperties says so, so on the
 * other devices (lavapipe) it is taken out here and the driver's default,
 * possibly flushing, applies. */
#include "spirv_patch.h"

#include <spirv/unified1/spirv.h>
#include <string.h>

enum { HEADER_WORDS = 5 };

static int is_denorm_preserve(const uint32_t *insn, uint32_t nwords) {
    uint32_t op = insn[0] & SpvOpCodeMask;
    if (op == SpvOpCapability) return nwords == 2 && insn[1] == SpvCapabilityDenormPreserve;
    /* OpExecutionMode <entry> DenormPreserve <width> */
    if (op == SpvOpExecutionMode) return nwords >= 3 && insn[2] == SpvExecutionModeDenormPreserve;
    return 0;
}

size_t camp_spirv_strip_denorm_preserve(const uint32_t *words, size_t count, uint32_t *out) {
    size_t i = count < HEADER_WORDS ? count : HEADER_WORDS, n = i;
    memcpy(out, words, i * sizeof *words);
    while (i < count) {
        uint32_t nwords = words[i] >> SpvWordCountShift;
        if (nwords == 0 || nwords > count - i) { /* malformed: leave the rest to the driver */
            memcpy(out + n, words + i, (count - i) * sizeof *words);
            return n + (count - i);
        }
        if (!is_denorm_preserve(words + i, nwords)) {
            memcpy(out + n, words + i, nwords * sizeof *words);
            n += nwords;
        }
        i += nwords;
    }
    return n;
}
