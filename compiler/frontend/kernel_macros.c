/* kernel_macros.c — kernels written by the program's own macros: a
 * `DEFINE_SCALE(float)` that defines a function holding a
 * parallel_for_each, a `FOR_EACH(i, n)` that begins one. campcc finds
 * kernels in the file's text and puts their launches there, so each use of
 * such a macro is replaced, in the text campcc compiles, by the macro's
 * expansion one level deep (its parameters replaced by the use's
 * arguments as written, # and ## applied) on the use's own line, so that
 * later lines keep their numbers, and the unit is parsed again. Macros the
 * expansion names are expanded by that parse as by any; a kernel still
 * written by one of them is expanded in the next round. Locations inside
 * an expansion are reported at the macro's use (fe_macro_column). */
#include "frontend.h"

#include <stdlib.h>
#include <string.h>

/* Rounds of expansion: a kernel written through more macros nested in
 * each other than this is refused where kernels are found. */
#define MAX_ROUNDS 16
#define MAX_PARAMS 64

typedef struct MacroToken {
    const char *text;
    unsigned begin, end; /* byte offsets in its file */
} MacroToken;

typedef struct TokenList {
    MacroToken *items;
    int len;
} TokenList;

typedef struct MacroDef {
    const char *name;
    bool function_like, variadic; /* variadic: the last parameter takes the rest */
    const char *params[MAX_PARAMS];
    int nparams;
    const MacroToken *body;
    int nbody;
} MacroDef;

typedef struct Argument {
    const MacroToken *tokens;
    int len;
} Argument;

/* A macro use's expansion being written. */
typedef struct Expansion {
    const MacroDef *m;
    const Argument *args;
    const char *line; /* __LINE__ in the use: clang's, the line its closing parenthesis is on */
    StrBuf out;
    bool pasting;      /* what is put is an operand of ##, which C does not expand */
    size_t last_begin; /* where the last token written (and the blank before it) begins in out */
    bool glue;         /* the next token is pasted onto the last (##) */
} Expansion;

/* A column range of a line the expansions made: where each began and ended
 * in the file as written (MacroRegion's old columns). */
typedef struct MacroRegion {
    unsigned line, begin_col, end_col; /* in the text compiled */
    unsigned old_begin_col, old_end_col; /* in the file */
} MacroRegion;

static TokenList tokens_of(Frontend *fe, CXSourceRange r) {
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(fe->tu, r, &toks, &n);
    TokenList l = {arena_alloc(fe->a, sizeof *l.items * (n ? n : 1)), 0};
    for (unsigned i = 0; i < n; i++) {
        if (clang_getTokenKind(toks[i]) == CXToken_Comment) continue;
        CXString s = clang_getTokenSpelling(fe->tu, toks[i]);
        CXSourceRange e = clang_getTokenExtent(fe->tu, toks[i]);
        MacroToken *t = &l.items[l.len++];
        t->text = arena_strdup(fe->a, clang_getCString(s));
        clang_getSpellingLocation(clang_getRangeStart(e), NULL, NULL, NULL, &t->begin);
        clang_getSpellingLocation(clang_getRangeEnd(e), NULL, NULL, NULL, &t->end);
        clang_disposeString(s);
    }
    clang_disposeTokens(fe->tu, toks, n);
    return l;
}

static bool is(const MacroToken *t, const char *text) { return strcmp(t->text, text) == 0; }

/* The definition's parameters and body, from its tokens. A macro that names
 * itself is not expanded here: the parse after would expand that name
 * again, where C leaves it. */
static bool read_definition(Frontend *fe, CXCursor def, MacroDef *m) {
    TokenList t = tokens_of(fe, clang_getCursorExtent(def));
    if (t.len < 1) return false;
    m->name = t.items[0].text;
    /* a `(` right after the name (libclang's own answer is the macro's at
     * the unit's end: none after an #undef) */
    m->function_like = t.len > 1 && is(&t.items[1], "(") && t.items[1].begin == t.items[0].end;
    int i = 1;
    if (m->function_like) {
        for (i = 2; i < t.len && !is(&t.items[i], ")"); i++) {
            const char *p = t.items[i].text;
            if (!strcmp(p, ",")) continue;
            if (!strcmp(p, "...")) {
                m->variadic = true;
                p = "__VA_ARGS__";
            } else if (i + 1 < t.len && is(&t.items[i + 1], "...")) { /* GNU's named rest: `args...` */
                m->variadic = true;
                i++;
            }
            if (m->nparams == MAX_PARAMS) return false;
            m->params[m->nparams++] = p;
        }
        if (i == t.len) return false;
        i++;
    }
    m->body = t.items + i;
    m->nbody = t.len - i;
    for (int j = 0; j < m->nbody; j++)
        if (is(&m->body[j], m->name)) return false;
    return true;
}

/* The use's arguments: its tokens between the parentheses, split at the
 * commas outside nested ones (the last parameter of a variadic macro takes
 * the rest, commas and all). */
static bool split_arguments(const TokenList *use, const MacroDef *m, Argument *args) {
    if (!m->function_like) return use->len == 1;
    if (use->len < 3 || !is(&use->items[1], "(") || !is(&use->items[use->len - 1], ")")) return false;
    int depth = 0, n = 0, start = 2;
    for (int i = 2; i < use->len; i++) {
        const MacroToken *t = &use->items[i];
        bool last = i == use->len - 1;
        if (is(t, "(")) depth++;
        else if (is(t, ")") && !last) depth--;
        bool rest = m->variadic && n == m->nparams - 1;
        if (last || (depth == 0 && is(t, ",") && !rest)) {
            if (n == MAX_PARAMS) return false;
            args[n++] = (Argument){&use->items[start], i - start};
            start = i + 1;
        }
    }
    if (m->nparams == 0) return n == 1 && args[0].len == 0;
    if (m->variadic && n == m->nparams - 1) args[n++] = (Argument){NULL, 0};
    return n == m->nparams;
}

static int param_index(const MacroDef *m, const char *name) {
    for (int i = 0; i < m->nparams; i++)
        if (!strcmp(m->params[i], name)) return i;
    return -1;
}

static void put(Expansion *x, const char *text) {
    if (!x->glue && !x->pasting && !strcmp(text, "__LINE__")) text = x->line; /* compiled on the use's first line */
    x->last_begin = x->out.len;
    if (x->out.len && !x->glue) sb_puts(&x->out, " ");
    sb_puts(&x->out, text);
    x->glue = false;
}

/* An argument's tokens (the last alone is pasted where it is the left operand of ##). */
static void put_argument(Expansion *x, const Argument *a) {
    bool pasting = x->pasting;
    for (int i = 0; i < a->len; i++) {
        x->pasting = pasting && i == a->len - 1;
        put(x, a->tokens[i].text);
    }
    x->pasting = pasting;
}

/* `#param`: the argument's tokens as a string literal, one blank where the
 * use had any, `"` and `\` of its literals escaped. */
static void put_string(Expansion *x, const Argument *a) {
    StrBuf s = {0};
    sb_puts(&s, "\"");
    for (int i = 0; i < a->len; i++) {
        const char *t = a->tokens[i].text;
        if (i && a->tokens[i].begin > a->tokens[i - 1].end) sb_puts(&s, " ");
        bool literal = strchr(t, '"') || strchr(t, '\'');
        for (const char *c = t; *c; c++) {
            if (literal && (*c == '"' || *c == '\\')) sb_puts(&s, "\\");
            sb_append(&s, c, 1);
        }
    }
    sb_puts(&s, "\"");
    put(x, s.data);
    sb_free(&s);
}

static int closing_paren(const MacroDef *m, int open) {
    int depth = 0;
    for (int i = open; i < m->nbody; i++) {
        if (is(&m->body[i], "(")) depth++;
        else if (is(&m->body[i], ")") && --depth == 0) return i;
    }
    return m->nbody;
}

/* The body's tokens [from, to) with the arguments in place. */
static void expand_body(Expansion *x, int from, int to) {
    const MacroDef *m = x->m;
    const MacroToken *b = m->body;
    bool left_empty = false; /* the operand just written was an empty argument */
    for (int i = from; i < to; i++) {
        int p = param_index(m, b[i].text);
        if (is(&b[i], "##") && i + 1 < to) {
            int r = param_index(m, b[++i].text);
            bool rest = r >= 0 && m->variadic && r == m->nparams - 1;
            if (rest && !x->args[r].len && !left_empty && x->out.len && x->out.data[x->out.len - 1] == ',') {
                x->out.len = x->last_begin; /* GNU's `, ## __VA_ARGS__` with no rest: no comma */
                x->out.data[x->out.len] = 0;
            }
            x->glue = !left_empty;
            if (r >= 0) put_argument(x, &x->args[r]);
            else put(x, b[i].text);
            left_empty = left_empty && r >= 0 && !x->args[r].len;
            x->glue = false;
        } else if (is(&b[i], "#") && m->function_like && i + 1 < to && param_index(m, b[i + 1].text) >= 0) {
            put_string(x, &x->args[param_index(m, b[++i].text)]);
            left_empty = false;
        } else if (is(&b[i], "__VA_OPT__") && m->variadic && i + 1 < to && is(&b[i + 1], "(")) {
            int close = closing_paren(m, i + 1);
            if (x->args[m->nparams - 1].len) expand_body(x, i + 2, close < to ? close : to);
            i = close;
            left_empty = false;
        } else {
            x->pasting = i + 1 < to && is(&b[i + 1], "##"); /* the left operand of a ## */
            if (p >= 0) put_argument(x, &x->args[p]);
            else put(x, b[i].text);
            x->pasting = false;
            left_empty = p >= 0 && !x->args[p].len;
        }
    }
}

/* ---- finding the uses that write kernels ----------------------------------- */

typedef struct Search {
    Frontend *fe;
    PtrVec expansions; /* CXCursor *: the main file's macro uses */
    PtrVec kernels;    /* unsigned *: where kernels the file's text does not begin are expanded from */
    PtrVec top;        /* CXCursor *: the unit's top-level cursors (where camp.h is) */
} Search;

static CXCursor *cursor_copy(Arena *a, CXCursor c) {
    CXCursor *p = arena_alloc(a, sizeof *p);
    *p = c;
    return p;
}

static bool in_main_file(Frontend *fe, CXCursor c, unsigned *offset) {
    CXFile file;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &file, NULL, NULL, offset);
    return file && clang_File_isEqual(file, fe->main_file);
}

static enum CXChildVisitResult find_macro_kernels(CXCursor c, CXCursor parent, CXClientData data) {
    Search *s = data;
    Frontend *fe = s->fe;
    unsigned off;
    if (clang_getCursorKind(parent) == CXCursor_TranslationUnit) {
        vec_push(fe->a, &s->top, cursor_copy(fe->a, c));
        if (!in_main_file(fe, c, &off)) return CXChildVisit_Continue;
        if (clang_getCursorKind(c) == CXCursor_MacroExpansion) {
            vec_push(fe->a, &s->expansions, cursor_copy(fe->a, c));
            return CXChildVisit_Continue;
        }
    }
    if (!fe_is_pfe_loop(c)) return CXChildVisit_Recurse;
    static const char kw[] = "parallel_for_each";
    const Unit *u = fe->u;
    if (in_main_file(fe, c, &off) &&
        (off + sizeof kw - 1 > u->source_len || memcmp(u->source + off, kw, sizeof kw - 1) != 0)) {
        unsigned *at = arena_alloc(fe->a, sizeof *at);
        *at = off;
        vec_push(fe->a, &s->kernels, at);
    }
    return CXChildVisit_Continue;
}

/* The main file's macro use that begins at `off` (the longest, where a
 * macro's argument begins with another). */
static CXCursor *use_at(Search *s, unsigned off, unsigned *end) {
    CXCursor *found = NULL;
    for (int i = 0; i < s->expansions.len; i++) {
        CXCursor *c = s->expansions.items[i];
        CXSourceRange r = clang_getCursorExtent(*c);
        unsigned b, e;
        clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, &b);
        clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
        if (b == off && (!found || e > *end)) found = c, *end = e;
    }
    return found;
}

/* A use to replace: [begin, end) of the source by `text`. */
typedef struct Replacement {
    unsigned begin, end;
    const char *text;
} Replacement;

/* The definition a use expands: the last of its name before it in the
 * unit (libclang names none for a macro #undef'd later, and the last of
 * a name redefined, an X-macro's `X`, for every use). */
static bool definition_of(const Search *s, CXCursor use, CXCursor *def) {
    CXString name = clang_getCursorSpelling(use);
    bool found = false;
    for (int i = 0; i < s->top.len; i++) {
        CXCursor *c = s->top.items[i];
        if (clang_equalCursors(*c, use)) break;
        if (clang_getCursorKind(*c) != CXCursor_MacroDefinition) continue;
        CXString n = clang_getCursorSpelling(*c);
        if (!strcmp(clang_getCString(n), clang_getCString(name))) *def = *c, found = true;
        clang_disposeString(n);
    }
    clang_disposeString(name);
    return found;
}

/* The use's tokens but those of directives clang obeyed inside it (an
 * `#ifdef` in a kernel's body given as an argument) and of the text they
 * left out. */
static TokenList obeyed_tokens(Frontend *fe, CXCursor use) {
    TokenList t = tokens_of(fe, clang_getCursorExtent(use));
    CXSourceRangeList *skipped = clang_getSkippedRanges(fe->tu, fe->main_file);
    const char *src = fe->u->source;
    int kept = 0;
    unsigned directive_end = 0;
    for (int i = 0; i < t.len; i++) {
        unsigned b = t.items[i].begin, line_start = b;
        while (line_start && src[line_start - 1] != '\n') line_start--;
        if (!strcmp(t.items[i].text, "#") && strspn(src + line_start, " \t") == b - line_start)
            for (directive_end = b; directive_end < fe->u->source_len && src[directive_end] != '\n';) directive_end++;
        bool left_out = b < directive_end;
        for (unsigned r = 0; skipped && r < skipped->count && !left_out; r++) {
            unsigned rb, re;
            clang_getSpellingLocation(clang_getRangeStart(skipped->ranges[r]), NULL, NULL, NULL, &rb);
            clang_getSpellingLocation(clang_getRangeEnd(skipped->ranges[r]), NULL, NULL, NULL, &re);
            left_out = b >= rb && b < re;
        }
        if (!left_out) t.items[kept++] = t.items[i];
    }
    if (skipped) clang_disposeSourceRangeList(skipped);
    t.len = kept;
    return t;
}

/* The expansion of the use `use` of a macro of the program's own, or NULL. */
static const char *expand_use(Frontend *fe, const Search *s, CXCursor use) {
    CXCursor def;
    if (!definition_of(s, use, &def)) return NULL;
    CXSourceLocation where = clang_getCursorLocation(def);
    if (clang_Location_isInSystemHeader(where) || fe_spelled_in_dialect_headers(fe, where)) return NULL;
    MacroDef m = {0};
    if (!read_definition(fe, def, &m)) return NULL;
    TokenList toks = obeyed_tokens(fe, use);
    Argument args[MAX_PARAMS];
    if (!split_arguments(&toks, &m, args)) return NULL;
    unsigned last_line;
    clang_getPresumedLocation(clang_getRangeEnd(clang_getCursorExtent(use)), NULL, &last_line, NULL);
    Expansion x = {.m = &m, .args = args, .line = arena_printf(fe->a, "%u", last_line)};
    expand_body(&x, 0, m.nbody);
    const char *text = arena_strndup(fe->a, x.out.data ? x.out.data : "", x.out.len);
    sb_free(&x.out);
    return text;
}

static int by_begin(const void *a, const void *b) {
    const Replacement *x = a, *y = b;
    return (x->begin > y->begin) - (x->begin < y->begin);
}

/* Line and column (1-based) of byte `off` of s. */
static void line_col(const char *s, size_t off, unsigned *line, unsigned *col) {
    *line = 1, *col = 1;
    for (size_t i = 0; i < off; i++) {
        if (s[i] == '\n') ++*line, *col = 1;
        else ++*col;
    }
}

/* Keeps the regions' columns right after `r` replaces part of a line. */
static void note_region(Frontend *fe, const char *old, const Replacement *r, size_t new_len) {
    unsigned line, col, end_line, end_col;
    line_col(old, r->begin, &line, &col);
    line_col(old, r->end, &end_line, &end_col);
    /* a use over several lines: its expansion ends the first line */
    unsigned new_end = col + (unsigned)new_len;
    int delta = end_line == line ? (int)new_end - (int)end_col : 0;
    for (int i = 0; i < fe->macro_regions.len; i++) {
        MacroRegion *g = fe->macro_regions.items[i];
        if (g->line != line) continue;
        if (g->begin_col <= col && col < g->end_col) { /* inside an expansion made before */
            g->end_col = (unsigned)((int)g->end_col + delta);
            return;
        }
        if (g->begin_col > col) g->begin_col = (unsigned)((int)g->begin_col + delta), g->end_col = (unsigned)((int)g->end_col + delta);
    }
    MacroRegion *g = arena_alloc(fe->a, sizeof *g);
    *g = (MacroRegion){line, col, new_end, fe_macro_column(fe, line, col), fe_macro_column(fe, line, end_col)};
    vec_push(fe->a, &fe->macro_regions, g);
}

unsigned fe_macro_column(const Frontend *fe, unsigned line, unsigned col) {
    for (int i = 0; i < fe->macro_regions.len; i++) {
        const MacroRegion *g = fe->macro_regions.items[i];
        if (g->line != line || col < g->begin_col) continue;
        if (col < g->end_col) return g->old_begin_col;
        /* after the expansion on its line: as far from the use's end */
        col = g->old_end_col + (col - g->end_col);
    }
    return col;
}

/* The source with each replacement made; newlines the uses spanned come
 * after their expansions, and blanks to the column each use ended at, so
 * that every later line and column keeps its place. */
static void replace_uses(Frontend *fe, Replacement *r, int n) {
    Unit *u = fe->u;
    qsort(r, (size_t)n, sizeof *r, by_begin);
    StrBuf sb = {0};
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        if (r[i].begin < at) continue; /* inside a use already replaced */
        sb_append(&sb, u->source + at, r[i].begin - at);
        sb_puts(&sb, r[i].text);
        unsigned newlines = 0, last_col = 0;
        for (unsigned j = r[i].begin; j < r[i].end; j++) {
            if (u->source[j] == '\n') newlines++, last_col = 0;
            else last_col++;
        }
        if (newlines) {
            for (unsigned j = 0; j < newlines; j++) sb_puts(&sb, "\n");
            for (unsigned j = 0; j < last_col; j++) sb_puts(&sb, " ");
        }
        note_region(fe, u->source, &r[i], strlen(r[i].text));
        at = r[i].end;
    }
    sb_append(&sb, u->source + at, u->source_len - at);
    u->source = arena_strndup(&u->arena, sb.data, sb.len);
    u->source_len = sb.len;
    u->source_rewritten = true;
    sb_free(&sb);
}

bool fe_expand_kernel_macros(Frontend *fe) {
    if (fe->macro_rounds == MAX_ROUNDS) return false;
    Search s = {.fe = fe};
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_macro_kernels, &s);
    if (!s.kernels.len) return false;
    CXCursor *top = arena_alloc(fe->a, sizeof *top * (size_t)(s.top.len ? s.top.len : 1));
    for (int i = 0; i < s.top.len; i++) top[i] = *(CXCursor *)s.top.items[i];
    fe_find_dialect_dir(fe, top, s.top.len); /* its inclusions first, then (a prelude's) the top-level cursors */
    Replacement *r = arena_alloc(fe->a, sizeof *r * (size_t)s.kernels.len);
    int n = 0;
    for (int i = 0; i < s.kernels.len; i++) {
        unsigned off = *(unsigned *)s.kernels.items[i], end = 0;
        CXCursor *use = use_at(&s, off, &end);
        const char *text = use ? expand_use(fe, &s, *use) : NULL;
        bool again = false;
        for (int j = 0; j < n && !again; j++) again = r[j].begin == off;
        if (text && !again) r[n++] = (Replacement){off, end, text};
    }
    if (!n) return false;
    replace_uses(fe, r, n);
    fe->macro_rounds++;
    return true;
}
