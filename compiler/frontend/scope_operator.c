/* scope_operator.c — `::` where C cannot have it, refused before libclang
 * sees the file.
 *
 * Since clang 17 the lexer makes `::` one token in C too (for `[[gnu::x]]`
 * attributes), and clang 19's parser loops forever on a parenthesized
 * expression that starts with it: `(::x)`, or a macro argument `::x` that
 * the macro puts in parentheses, or `sizeof ::x` (a bug of clang 19,
 * fixed in later clang releases). A typo must not hang the compiler, so
 * the main file is scanned first. C has `::` only after an attribute's
 * prefix (`[[gnu::unused]]`: a name that opens the attribute list or
 * follows its comma) and between the operand lists of an `asm` statement
 * (`"nop" ::: "memory"`, `"=r"(x) :: "r"(y)`); after anything else, `(`,
 * `,` or `sizeof` among them, it is an error. An attribute's arguments
 * are no prefix (`[[gnu::aligned(sizeof ::x)]]` loops too), and an
 * attribute ends at its first `]` outside its arguments, so that one
 * never closed (`[[gnu::unused]*]`) lets nothing through after it. */
#include "frontend.h"

#include <ctype.h>

static bool is_name_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Where the scan is: inside `[[ ]]` or not, and what came last. */
typedef struct ScopeScan {
    char last;          /* the last character of the token before */
    bool in_attribute;  /* between `[[` and its first `]` outside arguments */
    int depth;          /* inside an attribute: its open `(` and `[` */
    bool list_start;    /* the token before opens the attribute list or is its comma */
    bool prefix;        /* the token before is a name at an attribute's start: a prefix, if `::` follows */
} ScopeScan;

/* Whether `::` may come next in C: after a string, `)` or `:` (an asm
 * statement's operands), or after an attribute's prefix. */
static bool may_precede_scope(const ScopeScan *sc) {
    return sc->last == '"' || sc->last == ')' || sc->last == ':' || sc->prefix;
}

/* Scans the punctuator c: attributes open, nest and close. */
static void scan_punctuator(ScopeScan *sc, char c) {
    sc->list_start = false;
    if (!sc->in_attribute) {
        if (c == '[' && sc->last == '[') sc->in_attribute = sc->list_start = true, sc->depth = 0;
        return;
    }
    if (c == '(' || c == '[') sc->depth++;
    else if ((c == ')' || c == ']') && sc->depth) sc->depth--;
    else if (c == ']') sc->in_attribute = false;
    else if (c == ',' && !sc->depth) sc->list_start = true;
}

size_t fe_find_scope_operator(const char *s, size_t n) {
    ScopeScan sc = {0};
    for (size_t i = fe_skip_space(s, n, 0); i < n; i = fe_skip_space(s, n, i)) {
        char c = s[i];
        bool prefix = false;
        if (c == '"' || c == '\'') {
            i = fe_literal_end(s, n, i);
            sc.list_start = false;
        } else if (c == ':' && i + 1 < n && s[i + 1] == ':') {
            /* `<:` and `%:` are digraphs: their colon starts no `::`. */
            bool digraph = i > 0 && (s[i - 1] == '<' || s[i - 1] == '%');
            if (!digraph && !may_precede_scope(&sc)) return i;
            i += 2;
            sc.list_start = false;
        } else if (is_name_char(c)) {
            while (i < n && is_name_char(s[i])) i++;
            c = s[i - 1];
            prefix = sc.list_start;
            sc.list_start = false;
        } else {
            scan_punctuator(&sc, c);
            i++;
        }
        sc.last = c;
        sc.prefix = prefix;
    }
    return n;
}

bool fe_check_scope_operator(Unit *u) {
    size_t at = fe_find_scope_operator(u->source, u->source_len);
    if (at == u->source_len) return true;
    unsigned line = 1; /* and columns count bytes, as clang's */
    size_t line_start = 0;
    for (size_t i = 0; i < at; i++)
        if (u->source[i] == '\n') line++, line_start = i + 1;
    diag_error(u->diag, (SrcLoc){u->path, line, (unsigned)(at - line_start) + 1, false},
               "'::' is not an operator in C: a name cannot be looked up in the global scope");
    return false;
}
