/* directives.c — the preprocessing directives of the main file's text,
 * which libclang does not show: each with its offset, its end and the
 * number of braces open around it. fp_contract.c reads the contraction
 * pragmas from them, omp_pragmas.c OpenMP's. */
#include "frontend.h"

#include <ctype.h>
#include <string.h>

int fe_directive_words(const char *s, size_t b, size_t e, char words[][16], int max) {
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

void fe_scan_directives(Frontend *fe, DirectiveFn *fn, void *ctx) {
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
            fn(ctx, s, i, e, depth);
            i = e;
        } else {
            depth += c == '{' ? 1 : c == '}' && depth > 0 ? -1 : 0;
            line_start = false, i++;
        }
    }
}
