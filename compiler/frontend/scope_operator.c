/* scope_operator.c — `::` where C cannot have it, refused before libclang
 * sees the file.
 *
 * Since clang 17 the lexer makes `::` one token in C too (for `[[gnu::x]]`
 * attributes), and clang 19's parser loops forever on a parenthesized
 * expression that starts with it: `(::x)`, or a macro argument `::x` that
 * the macro puts in parentheses, or `sizeof ::x` (a bug of clang 19,
 * fixed in later clang releases). A typo must not hang the compiler, so
 * the main file is scanned first. C has `::` only after an attribute's
 * prefix (`[[gnu::unused]]`) and between the operand lists of an `asm`
 * statement (`"nop" ::: "memory"`, `"=r"(x) :: "r"(y)`); after anything
 * else, `(`, `,` or `sizeof` among them, it is an error. */
#include "frontend.h"

#include <ctype.h>

/* Whether `c`, the last character of the token before `::`, ends a token
 * that `::` may follow in C: a string, `)` or `:` (an asm statement's
 * operands), or inside an attribute (`[[...]]`) a name. Not a name
 * elsewhere: `sizeof ::x` loops too. */
static bool may_precede_scope(char c, bool in_attribute) {
    if (c == '"' || c == ')' || c == ':') return true;
    return in_attribute && (isalnum((unsigned char)c) || c == '_');
}

/* The offset just past the string or character literal at s[i], or past
 * its line where it is not closed there. */
static size_t literal_end(const char *s, size_t n, size_t i) {
    char quote = s[i];
    for (i++; i < n && s[i] != quote && s[i] != '\n'; i++)
        if (s[i] == '\\' && i + 1 < n && s[i + 1] != '\n') i++;
    return i < n ? i + 1 : n;
}

size_t fe_find_scope_operator(const char *s, size_t n) {
    char last = 0;             /* the last character of the token before */
    bool in_attribute = false; /* between `[[` and `]]` */
    for (size_t i = fe_skip_space(s, n, 0); i < n; i = fe_skip_space(s, n, i)) {
        char c = s[i];
        if (c == '"' || c == '\'') {
            i = literal_end(s, n, i);
        } else if (c == ':' && i + 1 < n && s[i + 1] == ':') {
            /* `<:` and `%:` are digraphs: their colon starts no `::`. */
            bool digraph = i > 0 && (s[i - 1] == '<' || s[i - 1] == '%');
            if (!digraph && !may_precede_scope(last, in_attribute)) return i;
            i += 2;
        } else {
            if ((c == '[' || c == ']') && last == c) in_attribute = c == '[';
            i++;
        }
        last = c;
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
    diag_error(u->diag, (SrcLoc){u->path, line, (unsigned)(at - line_start) + 1},
               "'::' is not an operator in C: a name cannot be looked up in the global scope");
    return false;
}
