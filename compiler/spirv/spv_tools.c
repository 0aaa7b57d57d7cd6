/* spv_tools.c — SPIRV-Tools through its C API: every kernel's module is
 * validated for Vulkan 1.2 before it is written anywhere; the parser serves
 * passes over the binary (spv_parse.h). */
#include "campcc.h"
#include "spv_parse.h"

#include <spirv-tools/libspirv.h>
#include <spirv/unified1/spirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Validates kernel k's module. */
static bool validate_kernel(Unit *u, spv_context ctx, const Kernel *k) {
    spv_validator_options opts = spvValidatorOptionsCreate();
    spv_const_binary_t bin = {u->kernel_spirv + k->spirv_offset, k->spirv_words};
    spv_diagnostic diag = NULL;
    /* Friendly names (OpName's, made unique) cost time quadratic in the ids
     * of one name: 5,000 kernels' "i" took 27 s. So only a module that
     * fails is validated again with them, for a message that names things. */
    spvValidatorOptionsSetFriendlyNames(opts, false);
    /* libcamp asks for scalarBlockLayout: a complex float at offset 12 of a struct straddles 16 bytes */
    spvValidatorOptionsSetScalarBlockLayout(opts, true);
    spv_result_t r = spvValidateWithOptions(ctx, opts, &bin, &diag);
    if (r != SPV_SUCCESS) {
        spvDiagnosticDestroy(diag);
        diag = NULL;
        spvValidatorOptionsSetFriendlyNames(opts, true);
        spvValidateWithOptions(ctx, opts, &bin, &diag);
        /* Our bug, not the user's: say so, with the validator's words. */
        fprintf(stderr, "campcc: internal error: the SPIR-V module for the kernel at %s:%u is invalid: %s\n",
                k->loc.file, k->loc.line, diag && diag->error ? diag->error : "(no detail)");
        fprintf(stderr, "campcc: please report this bug with the source file\n");
        u->diag->errors++;
    }
    spvDiagnosticDestroy(diag);
    spvValidatorOptionsDestroy(opts);
    return r == SPV_SUCCESS;
}

bool spv_validate_kernels(Unit *u) {
    spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_2);
    bool ok = true;
    for (int i = 0; i < u->kernels.len && ok; i++) {
        const Kernel *k = u->kernels.items[i];
        ok = validate_kernel(u, ctx, k) && (!k->cooperative || validate_kernel(u, ctx, k->cooperative));
    }
    spvContextDestroy(ctx);
    return ok;
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

typedef struct ParseVisit {
    void (*visit)(void *user, const SpvParsedInst *in);
    void *user;
} ParseVisit;

static spv_result_t on_instruction(void *user, const spv_parsed_instruction_t *p) {
    const ParseVisit *v = user;
    uint16_t offsets[p->num_operands ? p->num_operands : 1];
    uint32_t nids = 0;
    for (uint16_t i = 0; i < p->num_operands; i++) {
        spv_operand_type_t t = p->operands[i].type;
        if (t == SPV_OPERAND_TYPE_ID || t == SPV_OPERAND_TYPE_TYPE_ID || t == SPV_OPERAND_TYPE_RESULT_ID ||
            t == SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID || t == SPV_OPERAND_TYPE_SCOPE_ID ||
            t == SPV_OPERAND_TYPE_OPTIONAL_ID)
            offsets[nids++] = p->operands[i].offset;
    }
    SpvParsedInst in = {p->opcode, p->num_words, p->result_id, p->type_id, offsets, nids};
    v->visit(v->user, &in);
    return SPV_SUCCESS;
}

bool spv_parse(const uint32_t *words, size_t n, void (*visit)(void *user, const SpvParsedInst *in), void *user) {
    ParseVisit v = {visit, user};
    spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_2);
    spv_result_t r = spvBinaryParse(ctx, &v, words, n, NULL, on_instruction, NULL);
    spvContextDestroy(ctx);
    return r == SPV_SUCCESS;
}

typedef struct DefsVisit {
    SpvDefs *d;
    size_t at; /* the next instruction's offset */
} DefsVisit;

static void note_definition(void *user, const SpvParsedInst *in) {
    DefsVisit *v = user;
    if (in->result && in->result < v->d->bound) {
        v->d->def[in->result] = v->at;
        v->d->type[in->result] = in->type;
    }
    v->at += in->nwords;
}

bool spv_defs_find(SpvDefs *d, const uint32_t *words, size_t n) {
    *d = (SpvDefs){words, n, NULL, NULL, n >= 5 ? words[3] : 0};
    if (n < 5) return false;
    d->def = calloc(d->bound ? d->bound : 1, sizeof *d->def);
    d->type = calloc(d->bound ? d->bound : 1, sizeof *d->type);
    if (!d->def || !d->type) unreachable("out of memory");
    DefsVisit v = {d, 5};
    return spv_parse(words, n, note_definition, &v);
}

void spv_defs_free(SpvDefs *d) {
    free(d->def);
    free(d->type);
    d->def = NULL;
    d->type = NULL;
}

uint32_t spv_defs_int_width(const SpvDefs *d, uint32_t type) {
    if (type >= d->bound || !d->def[type]) return 0;
    const uint32_t *w = d->words + d->def[type];
    return (w[0] & 0xffffu) == SpvOpTypeInt ? w[2] : 0;
}

uint32_t spv_defs_width_of(const SpvDefs *d, uint32_t id) { return id < d->bound ? spv_defs_int_width(d, d->type[id]) : 0; }

const char *spv_tools_version(void) { return spvSoftwareVersionString(); }
