/* expression_length.c — an expression with more than MAX_RUN_OPERATORS
 * arithmetic (`+ - * / %`), bitwise (`& ^ |`) and comparison operators,
 * macros expanded, refused before libclang sees the file.
 *
 * clang's checks of a finished expression take time quadratic in the length
 * of a chain of these operators: a chain of comparisons or of `&` and `|`
 * (`x == x == ...`) asks at each operator whether its operands make an
 * integer constant expression, and each answer finds the start of an
 * operand by walking down its left operands again (a 32,768-term chain
 * takes 2.4-4 s in `clang-19 -fsyntax-only -w`, 50,000 terms 7 s, 100,000
 * minutes); a chain of `+ - * / % ^` does the same once it is converted
 * to another type (`short s = x + x + ...`, `int i = x + sizeof x + ...`:
 * 10,000 terms 2 s, 20,000 terms 8.6 s, 40,000 terms 37 s). `<<`, `>>`,
 * `&&`, `||`, `?:` and assignment chains take 0.01-0.1 s however long. No
 * warning option turns these checks off, and a few nested macros make such
 * a chain out of a few lines. The scan does not know types, so it counts
 * every chain of these operators as if converted. So the main file is
 * scanned first, its macros expanded in outline:
 * a run of tokens with no `;`, `{`, `}` or `,` that holds more than
 * MAX_RUN_OPERATORS of them (a comparison counting COMPARISON_WEIGHT) is
 * an error at the macro use (or the token) that makes it so long.
 *
 * What clang walks again at each operator is the chain down its left
 * operands, parentheses or not: a parenthesized part counts as its own run
 * (`f(a + b, c)`, `(c) & 1 ? k ^ ((c) >> 1) : ...` nested by macros, as
 * CRC tables are made, are short runs however many terms they add up to),
 * and its operators join the run it begins only where it is the run's
 * first operand (`((a + b) + c) + d` is one chain of three).
 *
 * The scan knows the macros the main file defines (`#define` and `#undef`,
 * in order, in each conditional branch but those it knows are not taken:
 * `#if 0`, `#ifndef` of a macro the file defined, the branches after one
 * it knows is taken) and not those of headers; it
 * substitutes arguments but does not rescan a macro's result together with
 * the text after it, so it can miss length but never invent it. It never
 * builds an expansion: a macro's argument, and a use of a macro, is counted
 * once as a Run (below), so its cost is the file's tokens and the macros'
 * bodies, not the length of the expansion. */
#include "frontend.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* 16,384 terms of `x == x == ...` take 1.9 s of CPU in clang-19's parse,
 * of `short s = x + x + ...` 5.5 s. */
enum { MAX_RUN_OPERATORS = 16384 };
/* A comparison of converted operands costs clang far more: 4,000 terms of
 * `sizeof x == sizeof x == ...` (each result an int compared with an
 * unsigned long) take 4.2 s in campcc's compile with warnings, 10,000
 * terms 210 s; `&`, `|`, `^`, `+` and `-` chains of the same 0.2-0.3 s. So
 * a comparison counts as this many operators: 2,000 of them took 1.3 s
 * with -w. */
enum { COMPARISON_WEIGHT = 8 };
/* A use of a macro may expand to this many tokens: 2,000,000 tokens of
 * `x + x + ...` take 2.4 s in clang-19's parse, and a few nested macros
 * make billions (a file of 60 lines ran clang out of source locations
 * after 200 s and 13 GB). A row of 64 entries of a CRC-32 table made by
 * macros (each entry eight nested `((c) & 1 ? P ^ ((c) >> 1) : (c) >> 1)`)
 * makes some 7 million: clang parses a table of four such rows in 12.7 s
 * and 1.9 GB, and such a row is refused here; rows of 16 are not. */
enum { MAX_EXPANSION_TOKENS = 1 << 20 };
/* Macro bodies visited before the scan gives up (and refuses the file): a
 * preprocessor that does this much work is itself minutes of clang's. */
enum { MAX_WORK = 1 << 24 };
/* Macro uses nested deeper than this are counted as plain names. */
enum { MAX_DEPTH = 512 };

/* The slow operators of a token sequence, outside its parenthesized
 * parts: a Run either has no separator (`ops` operators in all) or has
 * (`head` before the first, `tail` after the last, `most` in the longest
 * stretch between two). `lead`: the operators of the chain its first
 * parenthesized part begins, where that part is its first token, which
 * join a stretch the sequence begins (not one it continues). */
typedef struct Run {
    bool split;
    uint64_t ops, head, tail, most, lead;
    uint64_t tokens;      /* all of them */
    uint64_t tail_tokens; /* after the last separator (all of them without one) */
} Run;

static uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Sums saturate: runs of more than MAX_RUN_OPERATORS end the scan anyway. */
static uint64_t sat_add(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }

/* The run a followed by the run b. */
static Run run_cat(Run a, Run b) {
    if (!a.tokens) return b;
    if (a.split && !a.tail_tokens) { /* b begins a stretch: its lead joins it */
        if (b.split) b.head = sat_add(b.head, b.lead);
        else b.ops = sat_add(b.ops, b.lead);
    }
    uint64_t tokens = sat_add(a.tokens, b.tokens);
    uint64_t tail_tokens = b.split ? b.tail_tokens : sat_add(a.tail_tokens, b.tokens);
    if (!a.split && !b.split) return (Run){.ops = sat_add(a.ops, b.ops), .lead = a.lead, .tokens = tokens,
                                           .tail_tokens = tail_tokens};
    if (!a.split) return (Run){true, 0, sat_add(a.ops, b.head), b.tail, b.most, a.lead, tokens, tail_tokens};
    if (!b.split) return (Run){true, 0, a.head, sat_add(a.tail, b.ops), a.most, a.lead, tokens, tail_tokens};
    return (Run){true, 0, a.head, b.tail, max_u64(max_u64(a.most, b.most), sat_add(a.tail, b.head)), a.lead, tokens,
                 tail_tokens};
}

static bool runs_equal(const Run *a, const Run *b, int n) {
    for (int i = 0; i < n; i++)
        if (a[i].split != b[i].split || a[i].ops != b[i].ops || a[i].head != b[i].head || a[i].tail != b[i].tail ||
            a[i].most != b[i].most || a[i].lead != b[i].lead || a[i].tokens != b[i].tokens ||
            a[i].tail_tokens != b[i].tail_tokens)
            return false;
    return true;
}

/* Its longest stretch, taken to begin one (its lead counted in). */
static uint64_t run_longest(Run r) {
    return r.split ? max_u64(max_u64(sat_add(r.head, r.lead), r.tail), r.most) : sat_add(r.ops, r.lead);
}

/* The operators of the chain a parenthesized part holding r begins: its
 * first stretch's, and those of the part that begins that. */
static uint64_t run_chain(Run r) { return sat_add(r.split ? r.head : r.ops, r.lead); }

/* TOK_SLOW: an operator whose chains clang checks in quadratic time;
 * TOK_COMPARISON: one whose chains cost it COMPARISON_WEIGHT times more */
typedef enum TokKind { TOK_NAME, TOK_SLOW, TOK_COMPARISON, TOK_SEPARATOR, TOK_OTHER } TokKind;

typedef struct Tok {
    uint32_t off, len;
    unsigned char kind;     /* TokKind */
    bool starts_line;       /* the first token of a line: a `#` there starts a directive */
} Tok;

/* A token of the file, or a macro's argument already counted. */
typedef struct Elem {
    const Tok *tok;
    const Run *arg;
} Elem;

typedef struct Macro {
    const Tok *name;
    bool function, variadic, active;
    int nparams;
    const Tok **params; /* __VA_ARGS__ is the variadic one, as NULL */
    const Tok *body;
    int nbody;
    /* the last use's arguments and result (a macro used twice the same way
     * in another's body is counted once: no time exponential in nesting) */
    bool cached;
    unsigned cache_epoch;
    Run *cache_args;
    Run cache_result;
} Macro;

typedef enum ScanResult { SCAN_OK, SCAN_TOO_LONG, SCAN_TOO_MANY_TOKENS, SCAN_TOO_MUCH_WORK } ScanResult;

typedef struct LengthScan {
    const char *src;
    Tok *toks;
    int ntoks, cap_toks;
    Macro *macros; /* in the order of their #define; an #undef one has no name */
    int nmacros, cap_macros;
    int *slots; /* open addressing by name: an index into macros + 1, or 0 */
    int nslots;
    unsigned epoch; /* changes with every #define and #undef: caches older than it are stale */
    uint64_t work;
    int depth;
    /* the conditional directives open at this point: for each, whether
     * its branch is skipped, and whether a branch of it is surely taken
     * (then every later one is skipped) or all so far surely were not */
    struct Conditional {
        bool skipped, taken, none_taken;
    } *conds;
    int nconds, cap_conds;
} LengthScan;

/* The length of the name character at s[i] (0: none); digits only where
 * a name goes on. A well-formed UTF-8 character continues a name, as in
 * clang; a byte that starts none is a token of its own, so a parameter
 * followed by stray bytes is still the parameter (a fuzzed macro body
 * `D2(x\xd7\xdf...)` doubled its argument in clang, not in this scan). */
static size_t name_char_len(const char *s, size_t n, size_t i, bool first) {
    unsigned char c = (unsigned char)s[i];
    if (c & 0x80) return utf8_char_length(s + i, n - i);
    return isalpha(c) || c == '_' || c == '$' || (!first && isdigit(c)) ? 1 : 0;
}

/* The length of the punctuator at s[i] (the longest one that fits). */
static size_t punctuator_len(const char *s, size_t n, size_t i) {
    static const char *const longer[] = {"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
                                         "&&",  "||",  "*=",  "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "::"};
    for (size_t k = 0; k < sizeof longer / sizeof *longer; k++) {
        size_t len = strlen(longer[k]);
        if (i + len <= n && !memcmp(s + i, longer[k], len)) return len;
    }
    return 1;
}

static TokKind punctuator_kind(const char *p, size_t len) {
    static const char *const comparisons[] = {"==", "!=", "<", ">", "<=", ">="};
    static const char *const slow[] = {"&", "|", "^", "+", "-", "*", "/", "%"};
    if (len == 1 && strchr(";{},", *p)) return TOK_SEPARATOR;
    for (size_t k = 0; k < sizeof comparisons / sizeof *comparisons; k++)
        if (len == strlen(comparisons[k]) && !memcmp(p, comparisons[k], len)) return TOK_COMPARISON;
    for (size_t k = 0; k < sizeof slow / sizeof *slow; k++)
        if (len == strlen(slow[k]) && !memcmp(p, slow[k], len)) return TOK_SLOW;
    return TOK_OTHER;
}

/* The offset just past the number at s[i] (a preprocessing number). */
static size_t number_end(const char *s, size_t n, size_t i) {
    for (i++; i < n; i++) {
        bool exponent_sign = (s[i] == '+' || s[i] == '-') && strchr("eEpP", s[i - 1]);
        size_t len = name_char_len(s, n, i, false);
        if (!len && s[i] != '.' && !exponent_sign) break;
        if (len > 1) i += len - 1;
    }
    return i;
}

/* Whether s[from, to) holds the end of a line. */
static bool has_newline(const char *s, size_t from, size_t to) {
    for (size_t i = from; i < to; i++)
        if (s[i] == '\n' && (i == 0 || s[i - 1] != '\\')) return true;
    return false;
}

static void lex(LengthScan *ls, const char *s, size_t n) {
    size_t prev_end = 0;
    for (size_t i = fe_skip_space(s, n, 0); i < n; i = fe_skip_space(s, n, i)) {
        size_t start = i;
        TokKind kind = TOK_OTHER;
        if (name_char_len(s, n, i, true)) {
            for (size_t len; i < n && (len = name_char_len(s, n, i, false));) i += len;
            kind = TOK_NAME;
        } else if (isdigit((unsigned char)s[i]) || (s[i] == '.' && i + 1 < n && isdigit((unsigned char)s[i + 1]))) {
            i = number_end(s, n, i);
        } else if (s[i] == '"' || s[i] == '\'') {
            i = fe_literal_end(s, n, i);
        } else {
            i += punctuator_len(s, n, i);
            kind = punctuator_kind(s + start, i - start);
        }
        ls->toks = grow_array(ls->toks, ls->ntoks, &ls->cap_toks, sizeof *ls->toks, 1024);
        bool starts_line = start == 0 || has_newline(s, prev_end, start);
        ls->toks[ls->ntoks++] = (Tok){(uint32_t)start, (uint32_t)(i - start), (unsigned char)kind, starts_line};
        prev_end = i;
    }
}

static bool tok_is(const LengthScan *ls, const Tok *t, const char *text) {
    return t->len == strlen(text) && !memcmp(ls->src + t->off, text, t->len);
}

static bool same_name(const LengthScan *ls, const Tok *a, const Tok *b) {
    return a->len == b->len && !memcmp(ls->src + a->off, ls->src + b->off, a->len);
}

static uint32_t name_hash(const LengthScan *ls, const Tok *name) {
    uint32_t h = 2166136261u; /* FNV-1a */
    for (uint32_t i = 0; i < name->len; i++) h = (h ^ (unsigned char)ls->src[name->off + i]) * 16777619u;
    return h;
}

/* The slot of the macro called `name`, or the empty slot where it would go. */
static int *macro_slot(LengthScan *ls, const Tok *name) {
    uint32_t mask = (uint32_t)ls->nslots - 1;
    for (uint32_t i = name_hash(ls, name) & mask;; i = (i + 1) & mask) {
        int *slot = &ls->slots[i];
        if (!*slot) return slot;
        const Macro *m = &ls->macros[*slot - 1];
        if (m->name && same_name(ls, m->name, name)) return slot;
    }
}

static Macro *find_macro(LengthScan *ls, const Tok *name) {
    if (!ls->nslots) return NULL;
    int slot = *macro_slot(ls, name);
    return slot ? &ls->macros[slot - 1] : NULL;
}

/* A new macro called `name` (its table at most half full). */
static Macro *add_macro(LengthScan *ls, const Tok *name) {
    if (2 * (ls->nmacros + 1) > ls->nslots) {
        int *old = ls->slots, nold = ls->nslots;
        ls->nslots = nold ? 2 * nold : 64;
        ls->slots = calloc((size_t)ls->nslots, sizeof *ls->slots);
        for (int i = 0; i < nold; i++)
            if (old[i] && ls->macros[old[i] - 1].name) *macro_slot(ls, ls->macros[old[i] - 1].name) = old[i];
        free(old);
    }
    ls->macros = grow_array(ls->macros, ls->nmacros, &ls->cap_macros, sizeof *ls->macros, 64);
    ls->macros[ls->nmacros] = (Macro){.name = name};
    *macro_slot(ls, name) = ++ls->nmacros;
    return &ls->macros[ls->nmacros - 1];
}

/* `#define` at toks[i, end) (the directive's tokens after `#`). */
static void define_macro(LengthScan *ls, Arena *a, const Tok *t, const Tok *end) {
    if (t == end || t->kind != TOK_NAME) return;
    Macro *m = find_macro(ls, t);
    if (m) {
        free(m->cache_args);
        *m = (Macro){.name = t};
    } else {
        m = add_macro(ls, t);
    }
    t++;
    /* function-like: the `(` right after the name, with no space */
    if (t < end && tok_is(ls, t, "(") && t->off == t[-1].off + t[-1].len) {
        m->function = true;
        m->params = arena_alloc(a, sizeof *m->params * (size_t)(end - t));
        for (t++; t < end && !tok_is(ls, t, ")"); t++) {
            if (t->kind == TOK_NAME) m->params[m->nparams++] = t;
            else if (tok_is(ls, t, "...")) m->variadic = true, m->params[m->nparams++] = NULL;
        }
        if (t < end) t++;
    }
    m->body = t;
    m->nbody = (int)(end - t);
    ls->epoch++;
}

/* Whether the code here is in a branch the scan knows is not taken. */
static bool skipping(const LengthScan *ls) { return ls->nconds && ls->conds[ls->nconds - 1].skipped; }

/* What the scan knows of a condition at t[0, end): 1 true, 0 false, -1
 * not known. `#if 0` and `#if 1`, and `#ifdef` / `#ifndef` of a macro
 * the file has defined; a name it has not defined may be a header's or
 * -D's. */
static int condition_value(LengthScan *ls, const char *directive, const Tok *t, const Tok *end) {
    if (end - t != 1) return -1;
    if (!strcmp(directive, "if")) {
        if (t->kind != TOK_OTHER || !isdigit((unsigned char)ls->src[t->off])) return -1;
        for (uint32_t k = 0; k < t->len; k++)
            if (ls->src[t->off + k] != '0') return ls->src[t->off + k] >= '1' && ls->src[t->off + k] <= '9' ? 1 : -1;
        return 0;
    }
    if (t->kind != TOK_NAME || !find_macro(ls, t)) return -1;
    return !strcmp(directive, "ifdef");
}

/* #if, #ifdef, #ifndef, #elif, #else and #endif. */
static void handle_conditional(LengthScan *ls, const Tok *t, const Tok *end) {
    static const char *const opening[] = {"if", "ifdef", "ifndef"};
    for (int k = 0; k < 3; k++) {
        if (!tok_is(ls, t, opening[k])) continue;
        bool outer_skipped = skipping(ls);
        int value = outer_skipped ? 0 : condition_value(ls, opening[k], t + 1, end);
        ls->conds = grow_array(ls->conds, ls->nconds, &ls->cap_conds, sizeof *ls->conds, 8);
        /* a skipped outer branch: every branch of this one is skipped */
        ls->conds[ls->nconds++] = (struct Conditional){value == 0, value == 1 || outer_skipped, value == 0};
        return;
    }
    if (!ls->nconds) return;
    struct Conditional *c = &ls->conds[ls->nconds - 1];
    if (tok_is(ls, t, "endif")) {
        ls->nconds--;
    } else if (tok_is(ls, t, "else")) {
        c->skipped = c->taken;
        c->taken = c->taken || c->none_taken;
    } else if (tok_is(ls, t, "elif")) {
        int value = c->taken ? 0 : condition_value(ls, "if", t + 1, end);
        c->skipped = value == 0;
        c->none_taken = c->none_taken && value == 0;
        c->taken = c->taken || value == 1;
    }
}

static void handle_directive(LengthScan *ls, Arena *a, const Tok *t, const Tok *end) {
    if (t == end) return;
    handle_conditional(ls, t, end);
    if (skipping(ls)) return;
    if (tok_is(ls, t, "define")) {
        define_macro(ls, a, t + 1, end);
    } else if (tok_is(ls, t, "undef") && t + 1 < end) {
        Macro *m = find_macro(ls, t + 1);
        if (m) m->name = NULL, ls->epoch++;
    }
}

/* A sequence being scanned: its elements, and for each `(` the distance to
 * its `)` (0 for other elements and for a `(` never closed). Distances
 * hold in any part of the sequence that holds both parentheses. */
typedef struct Seq {
    const Elem *e;
    const int *to_close;
    int n;
} Seq;

static Seq seq_part(Seq s, int from, int to) { return (Seq){s.e + from, s.to_close + from, to - from}; }

static bool elem_is(const LengthScan *ls, const Elem *e, const char *text) {
    return e->tok && tok_is(ls, e->tok, text);
}

/* The distances of e[0, n)'s parentheses (malloc'd). */
static int *match_parens(const LengthScan *ls, const Elem *e, int n) {
    int *to_close = calloc((size_t)(n ? n : 1), sizeof *to_close);
    int *open = malloc(sizeof *open * (size_t)(n ? n : 1));
    int nopen = 0;
    for (int i = 0; i < n; i++) {
        if (elem_is(ls, &e[i], "(")) open[nopen++] = i;
        else if (elem_is(ls, &e[i], ")") && nopen) nopen--, to_close[open[nopen]] = i - open[nopen];
    }
    free(open);
    return to_close;
}

static ScanResult scan(LengthScan *ls, Seq s, Run *run, int *stopped_at);

/* The parameter of m that the token names, or -1. */
static int param_index(const LengthScan *ls, const Macro *m, const Tok *t) {
    if (t->kind != TOK_NAME) return -1;
    for (int k = 0; k < m->nparams; k++)
        if (m->params[k] ? same_name(ls, m->params[k], t) : tok_is(ls, t, "__VA_ARGS__")) return k;
    return -1;
}

/* m's body with its arguments' runs in place of its parameters. */
static ScanResult expand(LengthScan *ls, Macro *m, const Run *args, Run *out) {
    size_t args_size = sizeof *args * (size_t)m->nparams;
    if (m->cached && m->cache_epoch == ls->epoch && runs_equal(m->cache_args, args, m->nparams)) {
        *out = m->cache_result;
        return SCAN_OK;
    }
    Elem *body = malloc(sizeof *body * (size_t)(m->nbody ? m->nbody : 1));
    for (int k = 0; k < m->nbody; k++) {
        const Tok *t = &m->body[k];
        int p = m->function ? param_index(ls, m, t) : -1;
        bool stringized = p >= 0 && k > 0 && tok_is(ls, &m->body[k - 1], "#");
        body[k] = p >= 0 && !stringized ? (Elem){NULL, &args[p]} : (Elem){t, NULL};
    }
    int *to_close = match_parens(ls, body, m->nbody);
    m->active = true;
    *out = (Run){0};
    ScanResult r = scan(ls, (Seq){body, to_close, m->nbody}, out, NULL);
    m->active = false;
    free(to_close);
    free(body);
    if (r == SCAN_OK) {
        if (!m->cache_args) m->cache_args = malloc(args_size ? args_size : 1);
        if (args_size) memcpy(m->cache_args, args, args_size);
        m->cached = true, m->cache_epoch = ls->epoch, m->cache_result = *out;
    }
    return r;
}

/* The function-like macro m used with the arguments in s[open + 1, close):
 * each argument counted once, then the body. */
static ScanResult expand_call(LengthScan *ls, Macro *m, Seq s, int open, int close, Run *out) {
    Run *args = calloc((size_t)(m->nparams ? m->nparams : 1), sizeof *args);
    ScanResult r = SCAN_OK;
    int k = 0, from = open + 1;
    for (int i = open + 1; i <= close && r == SCAN_OK; i++) {
        if (++ls->work > MAX_WORK) r = SCAN_TOO_MUCH_WORK;
        bool last_param = m->variadic && k == m->nparams - 1;
        if (i < close && !(elem_is(ls, &s.e[i], ",") && !last_param)) {
            i += s.to_close[i]; /* a parenthesized part is inside the argument */
            continue;
        }
        if (k < m->nparams) r = scan(ls, seq_part(s, from, i), &args[k++], NULL);
        from = i + 1;
    }
    if (r == SCAN_OK) r = expand(ls, m, args, out);
    free(args);
    return r;
}

/* Adds s to *run, macros expanded. At the file's top level (stopped_at not
 * NULL) an error leaves there the element it arose at. */
static ScanResult scan(LengthScan *ls, Seq s, Run *run, int *stopped_at) {
    ScanResult r = SCAN_OK;
    for (int i = 0; i < s.n && r == SCAN_OK; i++) {
        if (stopped_at) *stopped_at = i;
        if (++ls->work > MAX_WORK) return SCAN_TOO_MUCH_WORK;
        const Tok *t = s.e[i].tok;
        if (!t) {
            *run = run_cat(*run, *s.e[i].arg);
            continue;
        }
        Macro *m = t->kind == TOK_NAME && ls->depth < MAX_DEPTH ? find_macro(ls, t) : NULL;
        bool called = m && m->function && i + 1 < s.n && elem_is(ls, &s.e[i + 1], "(") && s.to_close[i + 1];
        if (s.to_close[i] && ls->depth < MAX_DEPTH) { /* a parenthesized part: a run of its own */
            int close = i + s.to_close[i], at = 0;
            Run part = {0};
            ls->depth++;
            r = scan(ls, seq_part(s, i + 1, close), &part, stopped_at ? &at : NULL);
            ls->depth--;
            if (r == SCAN_OK && run_longest(part) > MAX_RUN_OPERATORS) r = SCAN_TOO_LONG;
            if (r != SCAN_OK) {
                if (stopped_at) *stopped_at = i + 1 + at;
                return r;
            }
            uint64_t tokens = sat_add(part.tokens, 2);
            *run = run_cat(*run, (Run){.lead = run_chain(part), .tokens = tokens, .tail_tokens = tokens});
            i = close;
        } else if (m && !m->active && (!m->function || called)) {
            Run used = {0};
            ls->depth++;
            if (m->function) {
                int close = i + 1 + s.to_close[i + 1];
                r = expand_call(ls, m, s, i + 1, close, &used);
                i = close;
            } else {
                r = expand(ls, m, NULL, &used);
            }
            ls->depth--;
            *run = run_cat(*run, used);
            if (r == SCAN_OK && used.tokens > MAX_EXPANSION_TOKENS) r = SCAN_TOO_MANY_TOKENS;
        } else {
            uint64_t weight = t->kind == TOK_COMPARISON ? COMPARISON_WEIGHT : t->kind == TOK_SLOW;
            bool separator = t->kind == TOK_SEPARATOR;
            *run = run_cat(*run, (Run){.split = separator, .ops = weight, .tokens = 1, .tail_tokens = !separator});
        }
        if (r == SCAN_OK && run_longest(*run) > MAX_RUN_OPERATORS) r = SCAN_TOO_LONG;
        /* inside a use of a macro: its expansion so far */
        if (r == SCAN_OK && !stopped_at && run->tokens > MAX_EXPANSION_TOKENS) r = SCAN_TOO_MANY_TOKENS;
    }
    return r;
}

/* The file's tokens outside directives, each stretch between two
 * directives scanned as it comes, the directives applied in order. */
static ScanResult scan_file(LengthScan *ls, Arena *a, const Tok **culprit) {
    Elem *code = malloc(sizeof *code * (size_t)(ls->ntoks ? ls->ntoks : 1));
    Run run = {0};
    ScanResult r = SCAN_OK;
    for (int i = 0; i < ls->ntoks && r == SCAN_OK;) {
        const Tok *t = &ls->toks[i];
        int end = i + 1;
        if (t->starts_line && tok_is(ls, t, "#")) {
            while (end < ls->ntoks && !ls->toks[end].starts_line) end++;
            handle_directive(ls, a, t + 1, &ls->toks[end]);
        } else {
            while (end < ls->ntoks && !(ls->toks[end].starts_line && tok_is(ls, &ls->toks[end], "#"))) end++;
            if (skipping(ls)) {
                i = end;
                continue;
            }
            for (int k = i; k < end; k++) code[k - i] = (Elem){&ls->toks[k], NULL};
            int *to_close = match_parens(ls, code, end - i), at = 0;
            r = scan(ls, (Seq){code, to_close, end - i}, &run, &at);
            free(to_close);
            if (r != SCAN_OK) *culprit = code[at].tok;
        }
        i = end;
    }
    free(code);
    return r;
}

/* The offset in s[0, n) of the macro use or token that makes an expression
 * too long, n if none; *result says how. */
static size_t find_long_expression(const char *s, size_t n, ScanResult *result) {
    LengthScan ls = {.src = s};
    Arena arena = {0}; /* the macros' parameters */
    lex(&ls, s, n);
    const Tok *culprit = NULL;
    *result = scan_file(&ls, &arena, &culprit);
    size_t at = *result == SCAN_OK ? n : culprit->off;
    for (int i = 0; i < ls.nmacros; i++) free(ls.macros[i].cache_args);
    free(ls.conds);
    free(ls.macros);
    free(ls.slots);
    free(ls.toks);
    arena_free(&arena);
    return at;
}

size_t fe_find_long_expression(const char *s, size_t n) {
    ScanResult result;
    return find_long_expression(s, n, &result);
}

bool fe_check_expression_length(Unit *u) {
    ScanResult r;
    size_t at = find_long_expression(u->source, u->source_len, &r);
    if (r == SCAN_OK) return true;
    unsigned line = 1; /* and columns count bytes, as clang's */
    size_t line_start = 0;
    for (size_t i = 0; i < at; i++)
        if (u->source[i] == '\n') line++, line_start = i + 1;
    SrcLoc loc = {u->path, line, (unsigned)(at - line_start) + 1, false};
    if (r == SCAN_TOO_LONG)
        diag_error(u->diag, loc,
                   "an expression with more than %d arithmetic and bitwise operators, or %d comparisons (each "
                   "counts as %d of those), once macros are expanded is not supported (clang checks their chains in "
                   "time quadratic in their length): split it into several statements",
                   MAX_RUN_OPERATORS, MAX_RUN_OPERATORS / COMPARISON_WEIGHT, COMPARISON_WEIGHT);
    else if (r == SCAN_TOO_MANY_TOKENS)
        diag_error(u->diag, loc, "a macro use that expands to more than %d tokens is not supported",
                   MAX_EXPANSION_TOKENS);
    else
        diag_error(u->diag, loc, "macros that take more than %d steps to expand are not supported", MAX_WORK);
    return false;
}
