/* test_spirv_patch — camp_spirv_strip_float_controls on a module that
 * declares DenormPreserve and SignedZeroInfNanPreserve (those the device
 * lacks taken out, the rest kept, still valid SPIR-V) and on one that
 * declares neither (copied unchanged); camp_spirv_strip_non_semantic
 * likewise on a module with debug information and one without;
 * camp_spirv_private_bytes on a thread's table of structs.
 * usage: test_spirv_patch SPIRV-VAL OUTPUT.spv */
#include "check.h"
#include "denorm_spv.h"
#include "kernels_spv.h"
#include "non_semantic_spv.h"
#include "spirv_patch.h"

#include <spirv/unified1/spirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Instructions that name the float control `mode` (and its capability `cap`). */
static int count_float_control(const uint32_t *words, size_t count, uint32_t cap, uint32_t mode) {
    int n = 0;
    for (size_t i = 5; i < count && words[i] >> 16; i += words[i] >> 16) {
        uint32_t op = words[i] & 0xffffu;
        n += (op == SpvOpCapability && words[i + 1] == cap) || (op == SpvOpExecutionMode && words[i + 2] == mode);
    }
    return n;
}

static int count_denorm_preserve(const uint32_t *words, size_t count) {
    return count_float_control(words, count, SpvCapabilityDenormPreserve, SpvExecutionModeDenormPreserve);
}

static int count_signed_zero(const uint32_t *words, size_t count) {
    return count_float_control(words, count, SpvCapabilitySignedZeroInfNanPreserve,
                               SpvExecutionModeSignedZeroInfNanPreserve);
}

/* Instructions that need VK_KHR_shader_non_semantic_info: the extension,
 * the sets' imports and every OpExtInst (the module imports no other set). */
static int count_non_semantic(const uint32_t *words, size_t count) {
    int n = 0;
    for (size_t i = 5; i < count && words[i] >> 16; i += words[i] >> 16) {
        uint32_t op = words[i] & 0xffffu;
        n += op == SpvOpExtension || op == SpvOpExtInstImport || op == SpvOpExtInst;
    }
    return n;
}

static int validates(const char *spirv_val, const char *path, const uint32_t *words, size_t count) {
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(words, sizeof *words, count, f) != count || fclose(f) != 0) {
        perror(path);
        return 0;
    }
    char command[4096];
    snprintf(command, sizeof command, "'%s' --target-env vulkan1.2 '%s'", spirv_val, path);
    return system(command) == 0;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: test_spirv_patch SPIRV-VAL OUTPUT.spv\n");
        return 2;
    }
    size_t n = sizeof test_denorm_spv / sizeof test_denorm_spv[0];
    uint32_t *out = malloc(sizeof test_denorm_spv);
    CHECK(count_denorm_preserve(test_denorm_spv, n) == 3);
    CHECK(count_signed_zero(test_denorm_spv, n) == 2);
    /* a device with none: both go (OpCapability: 2 words; each OpExecutionMode: 4) */
    size_t m = camp_spirv_strip_float_controls(test_denorm_spv, n, out, 0);
    CHECK(m == n - 2 * 2 - 3 * 4);
    CHECK(count_denorm_preserve(out, m) == 0 && count_signed_zero(out, m) == 0);
    CHECK(validates(argv[1], argv[2], out, m));
    /* one with signed zeros kept, not subnormals (lavapipe) */
    m = camp_spirv_strip_float_controls(test_denorm_spv, n, out, CAMP_SPIRV_SIGNED_ZERO_INF_NAN_32);
    CHECK(m == n - 2 - 2 * 4);
    CHECK(count_denorm_preserve(out, m) == 0 && count_signed_zero(out, m) == 2);
    CHECK(validates(argv[1], argv[2], out, m));
    /* one with subnormals kept, and signed zeros only for doubles: the capability stays */
    m = camp_spirv_strip_float_controls(test_denorm_spv, n, out,
                                        CAMP_SPIRV_DENORM_PRESERVE_32 | CAMP_SPIRV_SIGNED_ZERO_INF_NAN_64);
    CHECK(m == n - 4);
    CHECK(count_denorm_preserve(out, m) == 3 && count_signed_zero(out, m) == 1);
    CHECK(validates(argv[1], argv[2], out, m));
    /* one with all: unchanged */
    CHECK(camp_spirv_strip_float_controls(test_denorm_spv, n, out, CAMP_SPIRV_FLOAT_CONTROLS) == n);
    CHECK(memcmp(out, test_denorm_spv, sizeof test_denorm_spv) == 0);

    size_t k = sizeof test_kernels_spv / sizeof test_kernels_spv[0];
    uint32_t *same = malloc(sizeof test_kernels_spv);
    CHECK(count_denorm_preserve(test_kernels_spv, k) == 0);
    CHECK(camp_spirv_strip_float_controls(test_kernels_spv, k, same, 0) == k);
    CHECK(memcmp(same, test_kernels_spv, sizeof test_kernels_spv) == 0);

    /* a module cut inside `OpCapability DenormPreserve`: the cut instruction is copied as it is */
    size_t cut = 5;
    while (test_denorm_spv[cut + 1] != SpvCapabilityDenormPreserve) cut += test_denorm_spv[cut] >> 16;
    CHECK(camp_spirv_strip_float_controls(test_denorm_spv, cut + 1, out, 0) == cut + 1);
    CHECK(memcmp(out, test_denorm_spv, (cut + 1) * sizeof *out) == 0);
    free(out);
    free(same);

    size_t d = sizeof test_non_semantic_spv / sizeof test_non_semantic_spv[0];
    uint32_t *debug = malloc(sizeof test_non_semantic_spv);
    memcpy(debug, test_non_semantic_spv, sizeof test_non_semantic_spv);
    CHECK(count_non_semantic(debug, d) == 1 + 2 + 12);
    size_t left = camp_spirv_strip_non_semantic(debug, d);
    CHECK(left < d);
    CHECK(count_non_semantic(debug, left) == 0);
    CHECK(debug[0] == test_non_semantic_spv[0] && debug[3] == test_non_semantic_spv[3]); /* the header stays */
    CHECK(validates(argv[1], argv[2], debug, left));
    free(debug);
    uint32_t *plain = malloc(sizeof test_kernels_spv);
    memcpy(plain, test_kernels_spv, sizeof test_kernels_spv);
    CHECK(camp_spirv_strip_non_semantic(plain, k) == k);
    CHECK(memcmp(plain, test_kernels_spv, sizeof test_kernels_spv) == 0);
    free(plain);

    /* a thread's `struct { int key, j; } table[2048]` and an int of its
     * own: 16,388 bytes; a Private variable and a pointer type not counted */
    enum { INT = 1, LEN = 2, ENTRY = 3, TABLE = 4, PTR_TABLE = 5, T = 6, PTR_INT = 7, X = 8, PTR_PRIVATE = 9, P = 10 };
    const uint32_t module[] = {
        SpvMagicNumber, 0x10500, 0, 11, 0,
        4u << 16 | SpvOpTypeInt, INT, 32, 1,
        4u << 16 | SpvOpConstant, INT, LEN, 2048,
        4u << 16 | SpvOpTypeStruct, ENTRY, INT, INT,
        4u << 16 | SpvOpTypeArray, TABLE, ENTRY, LEN,
        4u << 16 | SpvOpTypePointer, PTR_TABLE, SpvStorageClassFunction, TABLE,
        4u << 16 | SpvOpTypePointer, PTR_INT, SpvStorageClassFunction, INT,
        4u << 16 | SpvOpTypePointer, PTR_PRIVATE, SpvStorageClassPrivate, TABLE,
        4u << 16 | SpvOpVariable, PTR_PRIVATE, P, SpvStorageClassPrivate,
        4u << 16 | SpvOpVariable, PTR_TABLE, T, SpvStorageClassFunction,
        4u << 16 | SpvOpVariable, PTR_INT, X, SpvStorageClassFunction,
    };
    CHECK(camp_spirv_private_bytes(module, sizeof module / sizeof *module) == 2048 * 8 + 4);
    CHECK(camp_spirv_private_bytes(module, 5 + 4 + 2) == 0); /* cut inside an instruction */
    if (test_failures) fprintf(stderr, "%d checks failed\n", test_failures);
    return test_failures != 0;
}
