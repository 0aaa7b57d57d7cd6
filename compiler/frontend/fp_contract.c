/* fp_contract.c — C's `#pragma STDC FP_CONTRACT OFF` and clang's `#pragma
 * clang fp contract(off)` in amp code. Drivers fuse a multiply and an add
 * into one rounding where the module lets them (NVIDIA's does); code that
 * needs each rounded (two-sum, Dekker's product, double-double and
 * interval arithmetic) says so with the pragma, which the host compile
 * honours by itself. Here it makes the amp functions and kernels it
 * covers round every float operation on its own, as -ffp-contract=off
 * does for the whole file (Func.exact_fp, Kernel.exact_fp).
 *
 * The pragmas are read from the main file's text (libclang shows none): one
 * outside any braces holds from there to the next such; one inside braces
 * holds to the end of its block, which here is taken as the whole of the
 * function that holds it (a kernel's: the function around it). A function
 * rounds exactly when the pragma in force where it begins says OFF, or an
 * OFF is written inside it: more exact than asked where the pragma covers
 * only part of it, never less. A pragma in a header is not seen. */
#include "frontend.h"

#include <string.h>

/* The directive at s[b, e): 1 if it turns contraction off, 0 if on, -1 if
 * it is no contraction pragma. */
static int contract_pragma(const char *s, size_t b, size_t e) {
    char w[8][16];
    int n = fe_directive_words(s, b, e, w, 8);
    if (n >= 4 && !strcmp(w[0], "pragma") && !strcmp(w[1], "STDC") && !strcmp(w[2], "FP_CONTRACT"))
        return !strcmp(w[3], "OFF");
    if (n >= 7 && !strcmp(w[0], "pragma") && !strcmp(w[1], "clang") && !strcmp(w[2], "fp") &&
        !strcmp(w[3], "contract") && !strcmp(w[4], "("))
        return !strcmp(w[5], "off");
    return -1;
}

static void note_contract_pragma(void *ctx, const char *s, size_t b, size_t e, int depth) {
    Frontend *fe = ctx;
    int off = contract_pragma(s, b + 1, e);
    if (off < 0) return;
    fe->contract_pragmas = grow_array(fe->contract_pragmas, fe->ncontract_pragmas, &fe->capcontract_pragmas,
                                      sizeof *fe->contract_pragmas, 4);
    fe->contract_pragmas[fe->ncontract_pragmas++] = (ContractPragma){b, depth, off == 1};
}

void fe_find_contract_pragmas(Frontend *fe) { fe_scan_directives(fe, note_contract_pragma, fe); }

bool fe_contract_off(Frontend *fe, CXCursor function) {
    if (!fe->ncontract_pragmas) return false;
    CXSourceRange r = clang_getCursorExtent(function);
    CXSourceLocation b = clang_getRangeStart(r), e = clang_getRangeEnd(r);
    if (!clang_Location_isFromMainFile(b)) return false;
    size_t begin = fe_offset(b, NULL), end = fe_offset(e, NULL);
    bool off = false;
    for (int i = 0; i < fe->ncontract_pragmas; i++) {
        const ContractPragma *p = &fe->contract_pragmas[i];
        if (p->offset < begin && p->depth == 0) off = p->off; /* in force where it begins */
        if (p->offset >= begin && p->offset < end && p->off) return true;
    }
    return off;
}
