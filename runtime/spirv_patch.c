/* spirv_patch.c — campcc declares DenormPreserve for 32-bit floats in every
 * entry point (NVIDIA flushes float subnormals otherwise); Vulkan allows the
 * mode only where VkPhysicalDeviceFloatControlsProperties says so, so on the
 * other devices (lavapipe) it is taken out here and the driver's default,
 * possibly flushing, applies. Likewise `-g`'s debug information, which
 * needs VK_KHR_shader_non_semantic_info. */
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

/* Whether the literal string operand at words[0..nwords) is s. */
static int string_is(const uint32_t *words, size_t nwords, const char *s, int prefix_only) {
    size_t len = strlen(s);
    if (nwords * 4 < len + !prefix_only) return 0;
    return memcmp(words, s, len) == 0 && (prefix_only || ((const char *)words)[len] == 0);
}

enum { MAX_SETS = 8 };

size_t camp_spirv_strip_non_semantic(uint32_t *words, size_t count) {
    uint32_t sets[MAX_SETS];
    size_t nsets = 0, i = count < HEADER_WORDS ? count : HEADER_WORDS, n = i;
    while (i < count) {
        uint32_t nwords = words[i] >> SpvWordCountShift, op = words[i] & SpvOpCodeMask;
        if (nwords == 0 || nwords > count - i) { /* malformed: leave the rest to the driver */
            memmove(words + n, words + i, (count - i) * sizeof *words);
            return n + (count - i);
        }
        int drop = 0;
        if (op == SpvOpExtension) {
            drop = string_is(words + i + 1, nwords - 1, "SPV_KHR_non_semantic_info", 0);
        } else if (op == SpvOpExtInstImport && nwords > 2 && string_is(words + i + 2, nwords - 2, "NonSemantic.", 1)) {
            drop = nsets < MAX_SETS;
            if (drop) sets[nsets++] = words[i + 1];
        } else if (op == SpvOpExtInst && nwords > 3) {
            for (size_t s = 0; s < nsets && !drop; s++) drop = words[i + 3] == sets[s];
        }
        if (!drop) {
            memmove(words + n, words + i, nwords * sizeof *words);
            n += nwords;
        }
        i += nwords;
    }
    return n;
}
