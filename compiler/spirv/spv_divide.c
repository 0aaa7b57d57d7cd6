/* spv_divide.c — a 64-bit integer divided by a constant becomes a multiply
 * by the constant's reciprocal and shifts (Granlund and Montgomery,
 * "Division by invariant integers using multiplication", 1994), as C
 * compilers emit it.
 *
 * Why: NVIDIA's driver (580.159.04, an H200) divided a 64-bit value by a
 * 64-bit constant wrongly in a loop (`table[x % 61]` read the wrong
 * elements, at -O0 and -O2), while the same division by a value it could
 * not see was right; rewritten, a driver sees no such division. It runs on
 * every kernel's module as the program holds it, after the optimizer
 * where there is one (whose constant propagation turns the divisors of
 * `const` variables and of inlined arguments into constants); a divisor is
 * followed through conversions and negations of a constant, as -O0 writes
 * `x % 61`, and through a variable that holds one constant, as -O0 keeps
 * `const uint64_t p = 61;` (the driver, which optimizes anyway, sees it). */
#include "campcc.h"
#include "spv_builder.h"
#include "spv_parse.h"

#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

enum { DEPTH = 8 };

/* What a module does with a variable: whether its value is one constant. */
typedef struct VariableUse {
    uint32_t stores, stored; /* OpStores to it, and the value of the last */
    bool escapes;            /* used otherwise than by OpLoad and OpStore (its address taken) */
} VariableUse;

typedef struct Facts {
    SpvDefs defs;
    VariableUse *vars; /* by id */
    uint32_t *debug_sets; /* the ids of NonSemantic instruction sets, whose uses are not the program's */
    size_t ndebug_sets, at;
} Facts;

static bool is_debug_set(const Facts *f, uint32_t id) {
    for (size_t i = 0; i < f->ndebug_sets; i++)
        if (f->debug_sets[i] == id) return true;
    return false;
}

static void note_use(void *user, const SpvParsedInst *in) {
    Facts *f = user;
    const uint32_t *w = f->defs.words + f->at;
    f->at += in->nwords;
    if (in->opcode == SpvOpExtInstImport && in->nwords > 2 && !strncmp((const char *)(w + 2), "NonSemantic.", 12)) {
        uint32_t *grown = realloc(f->debug_sets, sizeof *grown * (f->ndebug_sets + 1));
        if (!grown) unreachable("out of memory");
        (f->debug_sets = grown)[f->ndebug_sets++] = in->result;
    }
    if (in->opcode == SpvOpName || in->opcode == SpvOpDecorate || in->opcode == SpvOpEntryPoint ||
        (in->opcode == SpvOpExtInst && is_debug_set(f, w[3])))
        return;
    for (uint32_t i = 0; i < in->nids; i++) {
        uint32_t at = in->id_offsets[i], id = w[at];
        if (id >= f->defs.bound || id == in->result || id == in->type || !f->defs.def[id] ||
            (f->defs.words[f->defs.def[id]] & 0xffffu) != SpvOpVariable)
            continue;
        VariableUse *v = &f->vars[id];
        if (in->opcode == SpvOpStore && at == 1) v->stores++, v->stored = w[2];
        else if (!(in->opcode == SpvOpLoad && at == 3)) v->escapes = true;
    }
}

static bool facts_find(Facts *f, const uint32_t *words, size_t n) {
    *f = (Facts){0};
    if (!spv_defs_find(&f->defs, words, n)) return false;
    f->vars = calloc(f->defs.bound ? f->defs.bound : 1, sizeof *f->vars);
    if (!f->vars) unreachable("out of memory");
    f->at = 5;
    return spv_parse(words, n, note_use, f);
}

static void facts_free(Facts *f) {
    spv_defs_free(&f->defs);
    free(f->vars);
    free(f->debug_sets);
}

/* `bits` of a `width`-bit value, sign- or zero-extended to 64 bits. */
static uint64_t extended(uint64_t bits, uint32_t width, bool sign) {
    if (width >= 64) return bits;
    uint64_t mask = (UINT64_C(1) << width) - 1;
    bits &= mask;
    return sign && bits >> (width - 1) ? bits | ~mask : bits;
}

/* Value `id`'s bits, zero-extended, if it is an integer constant or a
 * conversion or negation of one. */
static bool constant_bits(const Facts *f, uint32_t id, uint64_t *bits, int depth) {
    const SpvDefs *m = &f->defs;
    uint32_t width = spv_defs_width_of(m, id);
    if (!width || !m->def[id] || depth > DEPTH) return false;
    const uint32_t *w = m->words + m->def[id];
    switch (w[0] & 0xffffu) {
    case SpvOpConstant: *bits = width > 32 ? (uint64_t)w[4] << 32 | w[3] : w[3]; break;
    case SpvOpSConvert: case SpvOpUConvert: case SpvOpBitcast: case SpvOpSNegate: {
        uint32_t from = spv_defs_width_of(m, w[3]);
        if (!from || !constant_bits(f, w[3], bits, depth + 1)) return false;
        *bits = extended(*bits, from, (w[0] & 0xffffu) == SpvOpSConvert);
        if ((w[0] & 0xffffu) == SpvOpSNegate) *bits = (uint64_t)0 - *bits;
        break;
    }
    case SpvOpLoad: { /* of a variable given one constant: by its initializer or by one store */
        const uint32_t *var = w[3] < m->bound && m->def[w[3]] ? m->words + m->def[w[3]] : NULL;
        if (!var || (var[0] & 0xffffu) != SpvOpVariable || f->vars[w[3]].escapes) return false;
        const VariableUse *v = &f->vars[w[3]];
        if (v->stores == 0 && var[0] >> 16 == 5 && var[3] == SpvStorageClassPrivate) return constant_bits(f, var[4], bits, depth + 1);
        if (v->stores == 1 && var[0] >> 16 == 4 && var[3] == SpvStorageClassFunction) return constant_bits(f, v->stored, bits, depth + 1);
        return false;
    }
    default: return false;
    }
    *bits = extended(*bits, width, false);
    return true;
}

/* floor(2^64 * (2^l - d) / d) + 1, the multiplier for d of the general
 * case, where l = ceil(log2(d)). */
static uint64_t reciprocal(uint64_t d, int l) {
    uint64_t rem = (l == 64 ? 0 : UINT64_C(1) << l) - d, q = 0;
    for (int i = 0; i < 64; i++) { /* long division, a bit at a time; rem < d throughout */
        bool carry = rem >> 63;
        rem <<= 1;
        q <<= 1;
        if (carry || rem >= d) rem -= d, q |= 1;
    }
    return q + 1;
}

/* A division to rewrite: the instruction at `at` divides by |divisor| =
 * d, 2 < d and not a power of two (by those the driver has nothing to get
 * wrong). */
static bool division_by_constant(const Facts *f, size_t at, int64_t *divisor, uint64_t *d) {
    const SpvDefs *m = &f->defs;
    const uint32_t *w = m->words + at;
    uint32_t op = w[0] & 0xffffu;
    uint64_t bits;
    if ((op != SpvOpUDiv && op != SpvOpUMod && op != SpvOpSDiv && op != SpvOpSRem) || w[0] >> 16 != 5 ||
        spv_defs_int_width(m, w[1]) != 64 || !constant_bits(f, w[4], &bits, 0))
        return false;
    bool sign = op == SpvOpSDiv || op == SpvOpSRem;
    *divisor = (int64_t)bits;
    *d = sign && *divisor < 0 ? (uint64_t)0 - bits : bits;
    return *d > 2 && (*d & (*d - 1));
}

/* The new module, its ids and the types and constants it adds. */
typedef struct Rewrite {
    const SpvDefs *m;
    WordBuf globals, code;
    uint32_t bound, u64, boolean, product; /* the types, found or added */
} Rewrite;

static uint32_t new_id(Rewrite *r) { return r->bound++; }

static void emit(WordBuf *w, SpvOp op, const uint32_t *operands, size_t n) { spv_op(w, op, operands, n); }
#define EMIT(w, op, ...) emit((w), (op), (const uint32_t[]){__VA_ARGS__}, sizeof((const uint32_t[]){__VA_ARGS__}) / 4)

/* The module's type `op` (OpTypeInt 64 0 or OpTypeBool), or a new one. */
static uint32_t type_id(Rewrite *r, SpvOp op) {
    for (size_t at = 5; at < r->m->n && r->m->words[at] >> 16; at += r->m->words[at] >> 16) {
        const uint32_t *w = r->m->words + at;
        if ((w[0] & 0xffffu) == (uint32_t)op && (op == SpvOpTypeBool || (w[2] == 64 && w[3] == 0))) return w[1];
    }
    uint32_t id = new_id(r);
    if (op == SpvOpTypeBool) EMIT(&r->globals, op, id);
    else EMIT(&r->globals, op, id, 64, 0);
    return id;
}

/* A 64-bit unsigned constant (a new one each time: constants may repeat). */
static uint32_t constant(Rewrite *r, uint64_t v) {
    uint32_t id = new_id(r);
    EMIT(&r->globals, SpvOpConstant, r->u64, id, (uint32_t)v, (uint32_t)(v >> 32));
    return id;
}

static uint32_t op1(Rewrite *r, SpvOp op, uint32_t type, uint32_t a) {
    uint32_t id = new_id(r);
    EMIT(&r->code, op, type, id, a);
    return id;
}

static uint32_t op2(Rewrite *r, SpvOp op, uint32_t type, uint32_t a, uint32_t b) {
    uint32_t id = new_id(r);
    EMIT(&r->code, op, type, id, a, b);
    return id;
}

static uint32_t choose(Rewrite *r, uint32_t type, uint32_t c, uint32_t a, uint32_t b) {
    uint32_t id = new_id(r);
    EMIT(&r->code, SpvOpSelect, type, id, c, a, b);
    return id;
}

/* Value `id` as a u64 (a bitcast where its type is signed). */
static uint32_t as_u64(Rewrite *r, uint32_t id) { return r->m->type[id] == r->u64 ? id : op1(r, SpvOpBitcast, r->u64, id); }

/* n / d, unsigned: q = (t + ((n - t) >> 1)) >> (l - 1), t = mulhi(n, m). */
static uint32_t unsigned_quotient(Rewrite *r, uint32_t n, uint64_t d) {
    int l = 64 - __builtin_clzll(d - 1); /* ceil(log2(d)) */
    if (!r->product) {
        r->product = new_id(r);
        EMIT(&r->globals, SpvOpTypeStruct, r->product, r->u64, r->u64);
    }
    uint32_t product = op2(r, SpvOpUMulExtended, r->product, n, constant(r, reciprocal(d, l)));
    uint32_t high = new_id(r);
    EMIT(&r->code, SpvOpCompositeExtract, r->u64, high, product, 1);
    uint32_t half_rest = op2(r, SpvOpShiftRightLogical, r->u64, op2(r, SpvOpISub, r->u64, n, high), constant(r, 1));
    return op2(r, SpvOpShiftRightLogical, r->u64, op2(r, SpvOpIAdd, r->u64, high, half_rest), constant(r, (uint64_t)l - 1));
}

/* The division at `at` rewritten into r->code: its result id is kept. */
static void rewrite_division(Rewrite *r, size_t at, int64_t divisor, uint64_t d) {
    const uint32_t *w = r->m->words + at;
    uint32_t op = w[0] & 0xffffu, type = w[1], result = w[2], a = w[3];
    uint32_t n = as_u64(r, a), q;
    if (op == SpvOpUDiv || op == SpvOpUMod) {
        q = unsigned_quotient(r, n, d);
    } else { /* C truncates toward zero: |a| / |d|, negated where the signs differ */
        uint32_t negative = op2(r, SpvOpSLessThan, r->boolean, n, constant(r, 0));
        uint32_t magnitude = choose(r, r->u64, negative, op1(r, SpvOpSNegate, r->u64, n), n);
        uint32_t uq = unsigned_quotient(r, magnitude, d);
        uint32_t flip = divisor < 0 ? op1(r, SpvOpLogicalNot, r->boolean, negative) : negative;
        q = choose(r, r->u64, flip, op1(r, SpvOpSNegate, r->u64, uq), uq);
    }
    if (op == SpvOpUMod || op == SpvOpSRem) /* a - (a / d) * d */
        q = op2(r, SpvOpISub, r->u64, n, op2(r, SpvOpIMul, r->u64, q, constant(r, (uint64_t)divisor)));
    EMIT(&r->code, type == r->u64 ? SpvOpCopyObject : SpvOpBitcast, type, result, q);
}

/* Whether a module divides at all: most do not, and are not parsed. */
static bool has_division(const uint32_t *words, size_t n) {
    for (size_t at = 5; at < n && words[at] >> 16; at += words[at] >> 16) {
        uint32_t op = words[at] & 0xffffu;
        if (op == SpvOpUDiv || op == SpvOpUMod || op == SpvOpSDiv || op == SpvOpSRem) return true;
    }
    return false;
}

/* The module words[0 .. n) with its divisions by constants rewritten,
 * appended to `out`; false if it has none (nothing is appended). */
static bool rewrite_module(const uint32_t *words, size_t n, WordBuf *out) {
    Facts f = {0};
    bool found = false;
    int64_t divisor;
    uint64_t d;
    if (has_division(words, n) && facts_find(&f, words, n))
        for (size_t at = 5; at < n && words[at] >> 16 && !found; at += words[at] >> 16)
            found = division_by_constant(&f, at, &divisor, &d);
    if (!found) {
        facts_free(&f);
        return false;
    }
    Rewrite r = {.m = &f.defs, .bound = f.defs.bound};
    r.u64 = type_id(&r, SpvOpTypeInt);
    r.boolean = type_id(&r, SpvOpTypeBool);
    size_t functions = n;
    for (size_t at = 5; at < n && words[at] >> 16; at += words[at] >> 16) {
        if ((words[at] & 0xffffu) == SpvOpFunction && functions == n) functions = at;
        if (at < functions) continue;
        if (division_by_constant(&f, at, &divisor, &d)) rewrite_division(&r, at, divisor, d);
        else for (uint32_t i = 0; i < words[at] >> 16; i++) wb_push(&r.code, words[at + i]);
    }
    size_t start = out->n;
    for (size_t i = 0; i < functions; i++) wb_push(out, words[i]);
    out->w[start + 3] = r.bound;
    wb_append(out, &r.globals);
    wb_append(out, &r.code);
    wb_free(&r.globals);
    wb_free(&r.code);
    facts_free(&f);
    return true;
}

void spv_divide_by_constants(Unit *u) {
    bool any = false;
    for (int i = 0; i < u->kernels.len && !any; i++)
        for (Kernel *k = u->kernels.items[i]; k && !any; k = k->cooperative)
            any = has_division(u->kernel_spirv + k->spirv_offset, k->spirv_words);
    WordBuf out = {0};
    for (int i = 0; i < u->kernels.len && any; i++)
        for (Kernel *k = u->kernels.items[i]; k; k = k->cooperative) {
            const uint32_t *words = u->kernel_spirv + k->spirv_offset;
            size_t offset = out.n;
            if (!rewrite_module(words, k->spirv_words, &out))
                for (size_t w = 0; w < k->spirv_words; w++) wb_push(&out, words[w]);
            k->spirv_offset = offset;
            k->spirv_words = out.n - offset;
        }
    if (any) {
        free(u->kernel_spirv);
        u->kernel_spirv = out.w;
        u->kernel_spirv_words = out.n;
    }
    WordBuf unit = {0};
    if (u->spirv && rewrite_module(u->spirv, u->spirv_words, &unit)) {
        free(u->spirv);
        u->spirv = unit.w;
        u->spirv_words = unit.n;
    }
}
