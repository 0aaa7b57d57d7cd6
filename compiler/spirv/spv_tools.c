/* spv_tools.c — SPIRV-Tools through its C API: every module campcc makes is
 * validated for Vulkan 1.2 before it is written anywhere. */
#include "campcc.h"

#include <spirv-tools/libspirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool spv_validate(Unit *u) {
    spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_2);
    spv_validator_options opts = spvValidatorOptionsCreate();
    spv_const_binary_t bin = {u->spirv, u->spirv_words};
    spv_diagnostic diag = NULL;
    /* Friendly names (OpName's, made unique) cost time quadratic in the ids
     * of one name: 5,000 kernels' "i" took 27 s. So only a module that
     * fails is validated again with them, for a message that names things. */
    spvValidatorOptionsSetFriendlyNames(opts, false);
    spv_result_t r = spvValidateWithOptions(ctx, opts, &bin, &diag);
    if (r != SPV_SUCCESS) {
        spvDiagnosticDestroy(diag);
        diag = NULL;
        spvValidatorOptionsSetFriendlyNames(opts, true);
        spvValidateWithOptions(ctx, opts, &bin, &diag);
        /* Our bug, not the user's: say so, with the validator's words. */
        fprintf(stderr, "campcc: internal error: the SPIR-V module for '%s' is invalid: %s\n", u->path,
                diag && diag->error ? diag->error : "(no detail)");
        fprintf(stderr, "campcc: please report this bug with the source file\n");
        u->diag->errors++;
    }
    spvDiagnosticDestroy(diag);
    spvValidatorOptionsDestroy(opts);
    spvContextDestroy(ctx);
    return r == SPV_SUCCESS;
}

char *spv_disassemble(const uint32_t *words, size_t n) {
    spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_2);
    spv_text text = NULL;
    spv_diagnostic diag = NULL;
    char *out = NULL;
    if (spvBinaryToText(ctx, words, n, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT,
                        &text, &diag) == SPV_SUCCESS) {
        out = malloc(text->length + 1);
        if (out) {
            memcpy(out, text->str, text->length);
            out[text->length] = 0;
        }
    }
    spvTextDestroy(text);
    spvDiagnosticDestroy(diag);
    spvContextDestroy(ctx);
    return out;
}
