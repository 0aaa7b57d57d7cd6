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

#include <ctype.h>
#include <string.h>

/* The words of a directive's text [b, e) (identifiers and single
 * punctuation), up to max; their count. */
static int directive_words(const char *s, size_t b, size_t e, char words[][16], int max) {
    int n = 0;
    for (size_t i = b; i < e && n < max;) {
        if (isspace((unsigned char)s[i]) || s[i] == '\\') {
            i++;
            continue;
        }
        size_t j = i;
        if (isalnum((unsigned char)s[i]) || s[i] == '_')
            while (j < e && (isalnum((unsigned char)s[j]) || s[j] == '_' || s[j] == '-')) j++;
        else
            j++;
        size_t len = j - i < 15 ? j - i : 15;
        memcpy(words[n], s + i, len);
        words[n++][len] = 0;
        i = j;
    }
    return n;
}

/* The directive at s[b, e): 1 if it turns contraction off, 0 if on, -1 if
 * it is no contraction pragma. */
static int contract_pragma(const char *s, size_t b, size_t e) {
    char w[8][16];
    int n = directive_words(s, b, e, w, 8);
    if (n >= 4 && !strcmp(w[0], "pragma") && !strcmp(w[1], "STDC") && !strcmp(w[2], "FP_CONTRACT"))
        return !strcmp(w[3], "OFF");
    if (n >= 7 && !strcmp(w[0], "pragma") && !strcmp(w[1], "clang") && !strcmp(w[2], "fp") &&
        !strcmp(w[3], "contract") && !strcmp(w[4], "("))
        return !strcmp(w[5], "off");
    return -1;
}

void fe_find_contract_pragmas(Frontend *fe) {
    const char *s = fe->u->source;
    size_t n = fe->u->source_len;
    int depth = 0;
    bool line_start = true;
    for (size_t i = 0; s && i < n;) {
        char c = s[i];
        if (c == '\n') {
            line_start = true, i++;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            i++;
        } else if (c == '/' && i + 1 < n && (s[i + 1] == '/' || s[i + 1] == '*')) {
            size_t j = fe_skip_space(s, n, i);
            if (memchr(s + i, '\n', j - i)) line_start = true;
            i = j;
        } else if (c == '"' || c == '\'') {
            i = fe_literal_end(s, n, i), line_start = false;
        } else if (c == '#' && line_start) { /* a directive, to its line's end past continuations */
            size_t e = i + 1;
            while (e < n && !(s[e] == '\n' && s[e - 1] != '\\')) e++;
            int off = contract_pragma(s, i + 1, e);
            if (off >= 0) {
                fe->contract_pragmas = grow_array(fe->contract_pragmas, fe->ncontract_pragmas, &fe->capcontract_pragmas,
                                                  sizeof *fe->contract_pragmas, 4);
                fe->contract_pragmas[fe->ncontract_pragmas++] = (ContractPragma){i, depth, off == 1};
            }
            i = e;
        } else {
            depth += c == '{' ? 1 : c == '}' && depth > 0 ? -1 : 0;
            line_start = false, i++;
        }
    }
}

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
