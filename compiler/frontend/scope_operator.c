/* scope_operator.c — `::` where C cannot have it, refused before libclang
 * sees the file.
 *
 * Since clang 17 the lexer makes `::` one token in C too (for `[[gnu::x]]`
 * attributes), and clang 19's parser loops forever on a parenthesized
 * expression that starts with it: `(::x)`, or a macro argument `::x` that
 * the macro puts in parentheses (llvm-project issue 195367). A typo must
 * not hang the compiler, so the main file is scanned first. C has `::`
 * only after an attribute's prefix (`[[gnu::unused]]`) and between the
 * operand lists of an `asm` statement (`"nop" ::: "memory"`, `"=r"(x) ::
 * "r"(y)`); after anything else, `(`, `,` or `sizeof` among them, it is an
 * error. */
#include "frontend.h"

#include <ctype.h>
#include <string.h>

/* Whether `c`, the last character of the token before `::`, ends a token
 * that `::` may follow in C: a string, `)` or `:` (an asm statement's
 * operands), or inside an attribute (`[[...]]`) a name. Not a name
 * elsewhere: `sizeof ::x` loops too. */
static bool may_precede_scope(char c, bool in_attribute) {
    if (c == '"' || c == ')' || c == ':') return true;
    return in_attribute && (isalnum((unsigned char)c) || c == '_');
}

bool fe_check_scope_operator(Unit *u) {
    const char *s = u->source;
    size_t n = u->source_len;
    unsigned line = 1, col = 1;
    char last = 0;             /* the last character outside comments and blanks */
    bool in_attribute = false; /* between `[[` and `]]` */
    for (size_t i = 0; i < n;) {
        char c = s[i];
        if (c == '/' && i + 1 < n && (s[i + 1] == '/' || s[i + 1] == '*')) {
            bool block = s[i + 1] == '*';
            i += 2, col += 2;
            while (i < n) {
                if (block && s[i] == '*' && i + 1 < n && s[i + 1] == '/') {
                    i += 2, col += 2;
                    break;
                }
                if (!block && s[i] == '\n' && (i == 0 || s[i - 1] != '\\')) break;
                if (s[i] == '\n') line++, col = 1;
                else col++;
                i++;
            }
            continue;
        }
        if (c == '"' || c == '\'') { /* a literal, to its end or the line's */
            i++, col++;
            while (i < n && s[i] != c && s[i] != '\n') {
                if (s[i] == '\\' && i + 1 < n && s[i + 1] != '\n') i++, col++;
                i++, col++;
            }
            if (i < n && s[i] == c) i++, col++;
            last = c;
            continue;
        }
        if (c == ':' && i + 1 < n && s[i + 1] == ':') {
            /* `<:` and `%:` are digraphs: their colon starts no `::`. */
            bool digraph = i > 0 && (s[i - 1] == '<' || s[i - 1] == '%');
            if (!digraph && !may_precede_scope(last, in_attribute)) {
                diag_error(u->diag, (SrcLoc){u->path, line, col},
                           "'::' is not an operator in C: a name cannot be looked up in the global scope");
                return false;
            }
            i += 2, col += 2, last = ':';
            continue;
        }
        if ((c == '[' || c == ']') && last == c) in_attribute = c == '[';
        if (c == '\n') line++, col = 1;
        else col++;
        if (!isspace((unsigned char)c)) last = c;
        i++;
    }
    return true;
}
