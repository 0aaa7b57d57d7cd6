/* spirv_patch.c — campcc declares DenormPreserve for 32-bit floats in every
 * entry point (NVIDIA flushes float subnormals otherwise), and
 * SignedZeroInfNanPreserve for 32- and 64-bit floats (drivers otherwise
 * fold x * 0.0 to +0.0); Vulkan allows each mode only
 * where VkPhysicalDeviceFloatControlsProperties says so, so on the other
 * devices it is taken out here and the driver's default applies. Likewise
 * `-g`'s debug information, which needs VK_KHR_shader_non_semantic_info. */
#include "spirv_patch.h"

#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

enum { HEADER_WORDS = 5 };

/* The float control of a mode and width, or 0 for an instruction that declares none. */
static unsigned float_control_of(uint32_t mode, uint32_t width) {
    if (mode == SpvExecutionModeDenormPreserve && width == 32) return CAMP_SPIRV_DENORM_PRESERVE_32;
    if (mode == SpvExecutionModeSignedZeroInfNanPreserve && width == 32) return CAMP_SPIRV_SIGNED_ZERO_INF_NAN_32;
    if (mode == SpvExecutionModeSignedZeroInfNanPreserve && width == 64) return CAMP_SPIRV_SIGNED_ZERO_INF_NAN_64;
    return 0;
}

/* Whether the instruction declares a float control the device lacks (not in `kept`). */
static int lacks_float_control(const uint32_t *insn, uint32_t nwords, unsigned kept) {
    uint32_t op = insn[0] & SpvOpCodeMask;
    if (op == SpvOpCapability && nwords == 2) {
        if (insn[1] == SpvCapabilityDenormPreserve) return !(kept & CAMP_SPIRV_DENORM_PRESERVE_32);
        if (insn[1] == SpvCapabilitySignedZeroInfNanPreserve)
            return !(kept & (CAMP_SPIRV_SIGNED_ZERO_INF_NAN_32 | CAMP_SPIRV_SIGNED_ZERO_INF_NAN_64));
        return 0;
    }
    /* OpExecutionMode <entry> <mode> <width> */
    if (op != SpvOpExecutionMode || nwords < 4) return 0;
    unsigned control = float_control_of(insn[2], insn[3]);
    return control && !(kept & control);
}

size_t camp_spirv_strip_float_controls(const uint32_t *words, size_t count, uint32_t *out, unsigned kept) {
    size_t i = count < HEADER_WORDS ? count : HEADER_WORDS, n = i;
    memcpy(out, words, i * sizeof *words);
    while (i < count) {
        uint32_t nwords = words[i] >> SpvWordCountShift;
        if (nwords == 0 || nwords > count - i) { /* malformed: leave the rest to the driver */
            memcpy(out + n, words + i, (count - i) * sizeof *words);
            return n + (count - i);
        }
        if (!lacks_float_control(words + i, nwords, kept)) {
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

uint64_t camp_spirv_private_bytes(const uint32_t *words, size_t count) {
    if (count < 5) return 0;
    uint32_t bound = words[3];
    uint64_t *size = calloc(bound ? bound : 1, sizeof *size); /* a type's bytes, a constant's value */
    uint32_t *pointee = calloc(bound ? bound : 1, sizeof *pointee); /* a Function pointer type's pointee */
    uint64_t total = 0;
    if (!size || !pointee) goto done;
    for (size_t i = 5; i < count;) {
        uint32_t op = words[i] & 0xffffu, n = words[i] >> 16;
        if (!n || i + n > count) {
            total = 0;
            break;
        }
        const uint32_t *w = words + i;
        uint32_t id = n > 1 && w[1] < bound ? w[1] : 0;
        switch (op) {
        case SpvOpTypeBool: size[id] = 1; break;
        case SpvOpTypeInt: case SpvOpTypeFloat: if (n > 2) size[id] = w[2] / 8; break;
        case SpvOpTypeVector: case SpvOpTypeMatrix:
            if (n > 3 && w[2] < bound) size[id] = size[w[2]] * w[3];
            break;
        case SpvOpTypeArray:
            if (n > 3 && w[2] < bound && w[3] < bound) size[id] = size[w[2]] * size[w[3]];
            break;
        case SpvOpTypeStruct:
            for (uint32_t k = 2; k < n; k++) size[id] += w[k] < bound ? size[w[k]] : 0;
            break;
        case SpvOpTypePointer:
            size[id] = 8;
            if (n > 3 && w[2] == SpvStorageClassFunction && w[3] < bound) pointee[id] = w[3];
            break;
        case SpvOpConstant: /* an array's length: the low word */
            if (n > 3 && w[2] < bound) size[w[2]] = w[3];
            break;
        case SpvOpVariable:
            if (n > 3 && w[3] == SpvStorageClassFunction && w[1] < bound && pointee[w[1]])
                total += size[pointee[w[1]]];
            break;
        default: break;
        }
        i += n;
    }
done:
    free(size);
    free(pointee);
    return total;
}
