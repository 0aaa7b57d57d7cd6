/* frontend_init.c — C initializers → EX_INIT: the object starts zeroed and
 * each scalar (or whole sub-object) value is stored at its path. libclang
 * shows the syntactic form of a braced list, so C's rules are applied here:
 * designators (`.m =`, `[i] =`), brace elision, string literals for char
 * arrays, the first member of a union. */
#include "frontend.h"

#include <ctype.h>

#include <stdlib.h>
#include <string.h>

typedef struct InitList {
    CXCursor *items;
    int n, i;
} InitList;

typedef struct InitBuilder {
    Frontend *fe;
    PtrVec items; /* InitItem* */
    bool ok;
} InitBuilder;

/* Elements of one initializer: a local's each cost a store in the kernel;
 * a module constant's (folding) are data, up to its 65,536 bytes. */
enum { INIT_MAX_ITEMS = 4096, CONST_INIT_MAX_ITEMS = 65536 };

static int element_count(const Type *t) {
    switch (t->kind) {
    case TY_ARRAY: case TY_VECTOR: return t->len;
    case TY_STRUCT: return t->is_union ? 1 : t->nmembers;
    default: return 1;
    }
}

static Type *element_type(const Type *t, int i) {
    return t->kind == TY_STRUCT ? t->members[i].type : t->base;
}

static bool has_elements(const Type *t) {
    return t->kind == TY_ARRAY || t->kind == TY_VECTOR || t->kind == TY_STRUCT;
}

/* A designated initializer: an unexposed void expression whose children are
 * the designators and then the value. */
static bool is_designator(CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_UnexposedExpr) return false;
    if (clang_getCanonicalType(clang_getCursorType(c)).kind != CXType_Void) return false;
    CXCursor kids[2];
    return fe_children(c, kids, 2) >= 2;
}

static void add_item(InitBuilder *b, const int *path, int depth, Expr *value) {
    int most = b->fe->folding ? CONST_INIT_MAX_ITEMS : INIT_MAX_ITEMS;
    if (b->items.len >= most) {
        if (b->ok) diag_error(b->fe->u->diag, value->loc, "initializer with more than %d elements in amp code", most);
        b->ok = false;
        return;
    }
    InitItem *it = arena_alloc(b->fe->a, sizeof *it);
    memcpy(it->path, path, sizeof(int) * (size_t)depth);
    it->depth = depth;
    it->value = value;
    vec_push(b->fe->a, &b->items, it);
}

static bool check_depth(InitBuilder *b, CXCursor c, int depth) {
    if (depth < 8) return true;
    fe_unsupported(b->fe, c, "initializer nested more than 8 deep");
    b->ok = false;
    return false;
}

static void fill(InitBuilder *b, Type *t, int *path, int depth, InitList *l, bool braced);

/* The bytes of a plain string literal from its spelling, which libclang
 * gives with its pieces joined and C's escapes (it evaluates only an
 * initializer's): their count, or -1 for a prefixed (wide) literal. */
static int unescape_literal(const char *spelled, char *out, int size) {
    if (spelled[0] != '"') return -1;
    int n = 0;
    for (const char *p = spelled + 1; *p && *p != '"' && n < size; p++) {
        if (*p != '\\') {
            out[n++] = *p;
            continue;
        }
        p++;
        const char *simple = strchr("abfnrtv", *p);
        if (simple && *p) {
            out[n++] = "\a\b\f\n\r\t\v"[simple - "abfnrtv"];
        } else if (*p == 'x') {
            unsigned v = 0;
            for (; isxdigit((unsigned char)p[1]); p++) {
                int digit = tolower((unsigned char)p[1]);
                v = v * 16 + (unsigned)(isdigit(digit) ? digit - '0' : digit - 'a' + 10);
            }
            out[n++] = (char)v;
        } else if (*p >= '0' && *p <= '7') {
            unsigned v = 0;
            for (int k = 0; k < 3 && *p >= '0' && *p <= '7'; k++, p++) v = v * 8 + (unsigned)(*p - '0');
            p--;
            out[n++] = (char)v;
        } else if (*p) {
            out[n++] = *p; /* \\ \" \' \? */
        } else {
            break;
        }
    }
    return n;
}

/* "abc" for a char array: one item per character, then the terminator if
 * it fits (the rest is zero already). */
static void init_string(InitBuilder *b, Type *t, int *path, int depth, CXCursor c) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    const char *str = r ? clang_EvalResult_getAsStr(r) : NULL;
    char own[CONST_INIT_MAX_ITEMS];
    int len = str ? (int)strlen(str) : -1;
    /* libclang's value ends at the first NUL: "ab\0cd" has chars past it (its type says how many) */
    long long chars = clang_getArraySize(clang_getCanonicalType(clang_getCursorType(c)));
    if (str && chars > len + 1) str = NULL;
    if (!str && t->base->size == 1) { /* a literal in an expression, which libclang does not evaluate */
        CXString spelled = clang_getCursorSpelling(c);
        len = unescape_literal(clang_getCString(spelled), own, (int)sizeof own);
        clang_disposeString(spelled);
        str = own;
    }
    if (len < 0 || !check_depth(b, c, depth)) {
        if (len < 0) fe_unsupported(b->fe, c, "wide string literal");
        b->ok = false;
    } else {
        for (int i = 0; i < len && i < t->len; i++) {
            Expr *ch = fe_new_expr(b->fe, EX_INT, t->base, c);
            ch->ival = (signed char)str[i];
            path[depth] = i;
            add_item(b, path, depth + 1, ch);
        }
    }
    if (r) clang_EvalResult_dispose(r);
}

/* Whether `c` is C23's `#embed` in a braced list (clang's EmbedExpr):
 * libclang shows it as one operand-less expression at the directive's
 * `#`, and evaluates it as the file's first byte only, so the data cannot
 * be read through it. */
static bool is_embed(Frontend *fe, CXCursor c) {
    c = fe_strip(c);
    if (clang_getCursorKind(c) != CXCursor_UnexposedExpr || fe_children(c, NULL, 0) != 0) return false;
    CXFile file;
    unsigned offset;
    clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, &offset);
    size_t size;
    const char *text = file ? clang_getFileContents(fe->tu, file, &size) : NULL;
    if (!text || offset >= size || text[offset] != '#') return false;
    size_t i = offset + 1;
    while (i < size && (text[i] == ' ' || text[i] == '\t')) i++;
    return size - i >= 5 && !strncmp(text + i, "embed", 5);
}

/* One initializer `c` (a braced list or an expression) for the object of
 * type t at path. */
static void init_value(InitBuilder *b, Type *t, int *path, int depth, CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (is_embed(b->fe, c)) {
        diag_error(b->fe->u->diag, fe_loc(b->fe, fe_strip(c)), "'#embed' is not supported in amp code");
        b->ok = false;
        return;
    }
    if (k == CXCursor_InitListExpr) {
        int n = fe_children(c, NULL, 0);
        CXCursor *items = arena_alloc(b->fe->a, sizeof *items * (size_t)(n ? n : 1));
        fe_children(c, items, n);
        /* `char s[] = {"abc"}`: a string literal, optionally enclosed in braces (C17 6.7.9p14) */
        if (n == 1 && t->kind == TY_ARRAY && clang_getCursorKind(fe_strip(items[0])) == CXCursor_StringLiteral) {
            init_string(b, t, path, depth, fe_strip(items[0]));
            return;
        }
        InitList sub = {items, n, 0};
        fill(b, t, path, depth, &sub, true);
        return;
    }
    if (k == CXCursor_StringLiteral && t->kind == TY_ARRAY) {
        init_string(b, t, path, depth, c);
        return;
    }
    Expr *e = fe_lower_expr(b->fe, c);
    if (!e) {
        b->ok = false;
        return;
    }
    if (expr_is_lvalue(e) && e->kind != EX_INIT) { /* the syntactic form may lack the load */
        if (e->type->kind == TY_ARRAY) {
            fe_unsupported(b->fe, c, "array initializer from an array");
            b->ok = false;
            return;
        }
        e = fe_load_if_lvalue(b->fe, e, c);
    }
    if (!type_equal(e->type, t)) {
        if (!type_is_arith(e->type) || !type_is_arith(t)) {
            fe_unsupported(b->fe, c, "initializer of this type");
            b->ok = false;
            return;
        }
        Expr *cast = fe_new_expr(b->fe, EX_CAST, t, c);
        cast->lhs = e;
        e = cast;
    }
    add_item(b, path, depth, e);
}

/* The next element of l for the sub-object of type t at path: a braced
 * list, a value of type t, or (brace elision) t's own elements from l. */
static void next_element(InitBuilder *b, Type *t, int *path, int depth, InitList *l) {
    CXCursor c = l->items[l->i];
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_InitListExpr || !has_elements(t) || (k == CXCursor_StringLiteral && t->kind == TY_ARRAY)) {
        l->i++;
        init_value(b, t, path, depth, c);
        return;
    }
    Type *ct = fe_type(b->fe, clang_getCursorType(c), c);
    if (!ct) {
        b->ok = false;
        l->i++;
        return;
    }
    if (type_equal(ct, t)) {
        l->i++;
        init_value(b, t, path, depth, c);
        return;
    }
    fill(b, t, path, depth, l, false);
}

/* One step of a designator: an element or member index, or GNU C's
 * range of elements `[lo ... hi]` (lo == hi otherwise). */
typedef struct Designator {
    long long lo, hi;
} Designator;

/* Which of the designator d's bracketed steps are ranges: libclang gives a
 * range's bounds as two expressions among d's children, and only the
 * tokens tell `[a ... b]` from `[a][b]`. ranges[k] for the k-th step;
 * returns the number of steps, or -1. */
static int range_steps(Frontend *fe, CXCursor d, bool *ranges, int most) {
    CXToken *toks;
    unsigned nt;
    clang_tokenize(fe->tu, clang_getCursorExtent(d), &toks, &nt);
    int steps = 0, depth = 0;
    bool value = false; /* past the `=` the value follows */
    for (unsigned i = 0; i < nt && steps >= 0 && !value; i++) {
        CXString sp = clang_getTokenSpelling(fe->tu, toks[i]);
        const char *t = clang_getCString(sp);
        bool punct = clang_getTokenKind(toks[i]) == CXToken_Punctuation;
        if (punct && depth == 0 && !strcmp(t, "=")) value = true;
        else if (punct && !strcmp(t, "[") && depth++ == 0) {
            if (steps == most) steps = -1;
            else ranges[steps++] = false;
        } else if (punct && !strcmp(t, "]")) depth--;
        else if (punct && depth == 1 && !strcmp(t, "...")) ranges[steps - 1] = true;
        else if (punct && depth == 0 && !strcmp(t, ".")) {
            if (steps == most) steps = -1;
            else ranges[steps++] = false;
        }
        clang_disposeString(sp);
    }
    clang_disposeTokens(fe->tu, toks, nt);
    return steps;
}

/* Drops the items inside the sub-object at path[0 .. depth): a braced
 * list designated there initializes all of it again (what it leaves out
 * is zero), as in C. */
static void forget_under(InitBuilder *b, const int *path, int depth) {
    int kept = 0;
    for (int i = 0; i < b->items.len; i++) {
        InitItem *it = b->items.items[i];
        if (it->depth < depth || memcmp(it->path, path, sizeof(int) * (size_t)depth) != 0)
            b->items.items[kept++] = it;
    }
    b->items.len = kept;
}

/* Stores value (the designator's last child) at every element the steps
 * ds[0 .. n) designate from the sub-object of type t at path. */
static void designate(InitBuilder *b, Type *t, int *path, int depth, const Designator *ds, int n, CXCursor value) {
    if (n == 0) {
        if (clang_getCursorKind(value) == CXCursor_InitListExpr) forget_under(b, path, depth);
        InitList one = {&value, 1, 0};
        next_element(b, t, path, depth, &one);
        return;
    }
    if (!check_depth(b, value, depth)) return;
    for (long long idx = ds->lo; idx <= ds->hi && b->ok; idx++) {
        path[depth] = (int)idx;
        designate(b, element_type(t, (int)idx), path, depth + 1, ds + 1, n - 1, value);
    }
}

/* `[i][j].m = value`, `[lo ... hi] = value`: returns the index of the
 * element (or member) the first step designates last. */
static int designated(InitBuilder *b, Type *t, int *path, int depth, CXCursor d) {
    enum { MOST = 16 };
    CXCursor parts[MOST];
    int n = fe_children(d, parts, MOST), kept = 0;
    for (int k = 0; k < n && n <= MOST; k++) /* not clang's unnamed steps into anonymous members: found by name below */
        if (clang_getCursorKind(parts[k]) != CXCursor_MemberRef || *fe_spelling(b->fe, parts[k])) parts[kept++] = parts[k];
    n = n <= MOST ? kept : n;
    bool ranges[MOST];
    int steps = range_steps(b->fe, d, ranges, MOST);
    int bounds = 0; /* the children the steps take */
    for (int k = 0; k < steps; k++) bounds += ranges[k] ? 2 : 1;
    if (n > MOST || n < 2 || steps < 1 || bounds != n - 1) {
        fe_unsupported(b->fe, d, "designator");
        b->ok = false;
        return 0;
    }
    Designator ds[MOST];
    int nds = 0;
    Type *cur = t;
    for (int k = 0, at = 0; k < steps; at += ranges[k] ? 2 : 1, k++) {
        long long lo = -1, hi = -1;
        int members[MOST], inner = 0; /* `.m`: m's path, through anonymous members */
        if (clang_getCursorKind(parts[at]) == CXCursor_MemberRef) {
            if (cur->kind == TY_STRUCT) inner = fe_member_path(cur, fe_spelling(b->fe, parts[at]), members, MOST - nds);
            for (int m = 0; m < inner - 1; m++) { /* the anonymous members on the way */
                ds[nds++] = (Designator){members[m], members[m]};
                cur = element_type(cur, members[m]);
            }
            if (inner) lo = hi = members[inner - 1];
        } else if (!fe_eval_int(parts[at], &lo) || (ranges[k] ? !fe_eval_int(parts[at + 1], &hi) : (hi = lo, false))) {
            lo = -1;
        }
        int count = cur->kind == TY_STRUCT ? cur->nmembers : element_count(cur);
        if (lo < 0 || hi < lo || hi >= count || !has_elements(cur) || nds == MOST) {
            fe_unsupported(b->fe, parts[at], "designator");
            b->ok = false;
            return 0;
        }
        ds[nds++] = (Designator){lo, hi};
        cur = element_type(cur, (int)lo); /* a range's elements are of one type */
    }
    designate(b, t, path, depth, ds, nds, parts[n - 1]);
    return (int)ds[0].hi;
}

/* A member of a struct with bit-fields, in declaration order: its place in
 * the layout (bits), a member's or a bit-field's index. */
typedef struct Field {
    uint64_t at;
    int index;
    bool bit;
} Field;

static int by_place(const void *pa, const void *pb) {
    const Field *a = pa, *b = pb;
    return (a->at > b->at) - (a->at < b->at);
}

/* A struct with bit-fields from l: its members are the storage words of
 * its runs of bit-fields, so each bit-field's value, a constant (tables of
 * tile or opcode definitions), is put into its word's bits here; other
 * members as usual. The fields' order is the layout's (C lays them out in
 * the order declared; unnamed bit-fields take no value and are not
 * listed). */
static void fill_bit_fields(InitBuilder *b, Type *t, int *path, int depth, InitList *l, bool braced) {
    Field *fields = arena_alloc(b->fe->a, sizeof *fields * (size_t)(t->nmembers + t->nbitfields));
    uint64_t *words = arena_alloc(b->fe->a, sizeof *words * (size_t)t->nmembers);
    bool *set = arena_alloc(b->fe->a, sizeof *set * (size_t)t->nmembers);
    int n = 0;
    for (int m = 0; m < t->nmembers; m++) {
        words[m] = 0, set[m] = false;
        if (t->members[m].name[0] != '(') fields[n++] = (Field){(uint64_t)t->members[m].offset * 8, m, false};
    }
    for (int f = 0; f < t->nbitfields; f++)
        fields[n++] = (Field){(uint64_t)t->members[t->bitfields[f].storage].offset * 8 + (uint64_t)t->bitfields[f].offset,
                              f, true};
    qsort(fields, (size_t)n, sizeof *fields, by_place);
    CXCursor last = l->i < l->n ? l->items[l->i] : clang_getNullCursor();
    for (int k = 0; k < n && l->i < l->n && b->ok; k++) {
        CXCursor c = l->items[l->i];
        long long v;
        if (is_designator(c) || (fields[k].bit && !fe_eval_int(c, &v))) {
            diag_error(b->fe->u->diag, fe_loc(b->fe, c),
                       "initializer of a struct with bit-fields ('%s') in amp code takes constants in the members' "
                       "order, without designators: assign its members instead",
                       t->name);
            b->ok = false;
            return;
        }
        if (!fields[k].bit) {
            path[depth] = fields[k].index;
            next_element(b, t->members[fields[k].index].type, path, depth + 1, l);
            continue;
        }
        const BitField *f = &t->bitfields[fields[k].index];
        uint64_t mask = f->width >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << f->width) - 1;
        if (f->type->kind == TY_BOOL) v = v != 0;
        words[f->storage] |= ((uint64_t)v & mask) << f->offset;
        set[f->storage] = true;
        last = c;
        l->i++;
    }
    if (braced) l->i = l->n; /* excess elements: clang warned */
    for (int m = 0; m < t->nmembers && b->ok; m++)
        if (set[m]) {
            path[depth] = m;
            add_item(b, path, depth + 1, fe_int_constant(b->fe, t->members[m].type, (long long)words[m], last));
        }
}

/* The elements of t from l: all of l when braced, else as many as t holds
 * (brace elision) up to a designator, which belongs to the braced list. */
static void fill(InitBuilder *b, Type *t, int *path, int depth, InitList *l, bool braced) {
    if (t->kind == TY_STRUCT && t->nbitfields) {
        fill_bit_fields(b, t, path, depth, l, braced);
        return;
    }
    if (!has_elements(t)) {
        if (l->i < l->n) next_element(b, t, path, depth, l);
        if (braced) l->i = l->n; /* excess elements: clang warned */
        return;
    }
    if (!check_depth(b, l->i < l->n ? l->items[l->i] : clang_getNullCursor(), depth)) return;
    int count = element_count(t), pos = 0;
    while (l->i < l->n && b->ok) {
        CXCursor c = l->items[l->i];
        if (is_designator(c)) {
            if (!braced) return;
            l->i++;
            pos = designated(b, t, path, depth, c) + 1;
            continue;
        }
        if (pos >= count) {
            if (!braced) return;
            l->i++; /* excess elements: clang warned */
            continue;
        }
        path[depth] = pos;
        next_element(b, element_type(t, pos), path, depth + 1, l);
        pos++;
    }
}

/* The items in path order, each path once (the last given: a later
 * initializer of an element overrides an earlier one, as in C), into out;
 * their number. */
typedef struct Ordered {
    const InitItem *item;
    int order;
} Ordered;

static int path_order(const void *pa, const void *pb) {
    const Ordered *a = pa, *b = pb;
    for (int d = 0; d < a->item->depth && d < b->item->depth; d++)
        if (a->item->path[d] != b->item->path[d]) return a->item->path[d] < b->item->path[d] ? -1 : 1;
    if (a->item->depth != b->item->depth) return a->item->depth < b->item->depth ? -1 : 1;
    return (a->order > b->order) - (a->order < b->order);
}

static int in_path_order(const InitBuilder *b, InitItem *out) {
    int n = b->items.len, kept = 0;
    Ordered *o = malloc(sizeof *o * (size_t)(n ? n : 1));
    if (!o) unreachable("out of memory");
    for (int i = 0; i < n; i++) o[i] = (Ordered){b->items.items[i], i};
    qsort(o, (size_t)n, sizeof *o, path_order);
    for (int i = 0; i < n; i++) {
        bool same_as_next = i + 1 < n && o[i].item->depth == o[i + 1].item->depth &&
                            !memcmp(o[i].item->path, o[i + 1].item->path, sizeof(int) * (size_t)o[i].item->depth);
        if (!same_as_next) out[kept++] = *o[i].item;
    }
    free(o);
    return kept;
}

Expr *fe_lower_init(Frontend *fe, CXCursor list, Type *t) {
    InitBuilder b = {fe, {0}, true};
    int path[8];
    if (t->kind == TY_ARRAY && t->len < 0) return fe_unsupported(fe, list, "initializer of a variable-length array");
    if (clang_getCursorKind(list) == CXCursor_StringLiteral) init_string(&b, t, path, 0, list);
    else init_value(&b, t, path, 0, list);
    if (!b.ok) return NULL;
    Expr *e = fe_new_expr(fe, EX_INIT, t, list);
    e->inits = arena_alloc(fe->a, sizeof *e->inits * (size_t)(b.items.len ? b.items.len : 1));
    e->ninits = in_path_order(&b, e->inits);
    return e;
}
