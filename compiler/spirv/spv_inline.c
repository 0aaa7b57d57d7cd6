/* spv_inline.c — the math library's functions around the optimizer.
 *
 * Inlined whole at every call, a kernel of 24 math calls was 28,000
 * instructions, and lavapipe took 30 s to compile it: its LLVM analyses
 * each loop against all the code before it, so many inlined loops cost
 * quadratically. So the emitter marks every library function DontInline
 * and its constant loops Unroll (ir/unroll.c); before the optimizer,
 * spv_choose_inlining clears the mark on those that are small once their
 * own inlinable callees are counted in (fabs, the float forms'
 * conversions, double-double primitives), so that pow, sin or erf stay one
 * called function each with their constant-count loops unrolled there.
 * The unroller (SPIRV-Tools 2023.1) drops NoContraction from the copies
 * it makes, so after the optimizer spv_restore_exact decorates every float
 * operation of the library functions again; a library function with a
 * loop is therefore never inlined, its unrolled copies stay in a function
 * known as the library's. -fcamp-inline-math clears every mark and hint (the old
 * behaviour, to compare). */
#include "campcc.h"
#include "spv_builder.h"

#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

/* Up to this many words (as emitted, before optimization), counting the
 * inlinable callees at each call, a library function without loops is
 * inlined: the double-double primitives and the float forms' conversions
 * are, sin, exp or pow are not. */
enum { INLINE_MAX_WORDS = 1024 };

typedef struct SpvFunction {
    size_t control;   /* index of OpFunction's function-control word */
    size_t words;     /* its own words */
    bool has_loop;
    uint32_t *calls;  /* callee ids, one per OpFunctionCall */
    size_t ncalls;
    size_t total;     /* words once its inlinable callees are inlined; 0 until known */
    bool visiting;
} SpvFunction;

typedef struct Module {
    uint32_t *words;
    SpvFunction *fns;
    size_t nfns;
    int *by_id;       /* function index by result id, -1 for none */
} Module;

static bool dont_inline(const Module *m, const SpvFunction *f) {
    return m->words[f->control] & SpvFunctionControlDontInlineMask;
}

/* f's size with its inlinable callees inlined (a call cycle, which the
 * dialect forbids anyway, counts as large). */
static size_t inlined_size(Module *m, SpvFunction *f) {
    if (f->total) return f->total;
    if (f->visiting) return INLINE_MAX_WORDS + 1;
    f->visiting = true;
    size_t total = f->words;
    for (size_t i = 0; i < f->ncalls; i++) {
        int callee = m->by_id[f->calls[i]];
        if (callee < 0) continue;
        SpvFunction *g = &m->fns[callee];
        size_t size = inlined_size(m, g); /* decides g first */
        if (!dont_inline(m, g)) total += size;
    }
    f->visiting = false;
    if (dont_inline(m, f) && !f->has_loop && total <= INLINE_MAX_WORDS)
        m->words[f->control] &= ~SpvFunctionControlDontInlineMask;
    return f->total = total;
}

/* The functions of the module, each with its calls. False if out of memory
 * or malformed. */
static bool scan(Module *m, size_t n) {
    uint32_t bound = m->words[3];
    m->by_id = malloc(sizeof *m->by_id * (bound ? bound : 1));
    if (!m->by_id) return false;
    for (uint32_t i = 0; i < bound; i++) m->by_id[i] = -1;
    size_t cap = 0;
    SpvFunction *f = NULL;
    for (size_t i = SPV_HEADER_WORDS; i < n;) {
        uint32_t len = m->words[i] >> SpvWordCountShift, op = m->words[i] & SpvOpCodeMask;
        if (!len || len > n - i) return false;
        if (op == SpvOpFunction && len == 5 && m->words[i + 2] < bound) {
            SpvFunction *grown = m->nfns == cap ? realloc(m->fns, sizeof *m->fns * (cap = cap * 2 + 16)) : m->fns;
            if (!grown) return false;
            m->fns = grown;
            f = &m->fns[m->nfns];
            *f = (SpvFunction){.control = i + 3};
            m->by_id[m->words[i + 2]] = (int)m->nfns++;
        }
        if (f) f->words += len;
        if (f && op == SpvOpLoopMerge) f->has_loop = true;
        if (f && op == SpvOpFunctionCall && len >= 4 && m->words[i + 3] < bound) {
            uint32_t *calls = realloc(f->calls, sizeof *calls * (f->ncalls + 1));
            if (!calls) return false;
            f->calls = calls;
            f->calls[f->ncalls++] = m->words[i + 3];
        }
        if (op == SpvOpFunctionEnd) f = NULL;
        i += len;
    }
    return true;
}

static void free_module(Module *m) {
    for (size_t i = 0; i < m->nfns; i++) free(m->fns[i].calls);
    free(m->fns);
    free(m->by_id);
}

/* -fcamp-inline-math: no function kept, no loop unrolled. */
static void inline_everything(uint32_t *words, size_t n) {
    for (size_t i = SPV_HEADER_WORDS; i < n;) {
        uint32_t len = words[i] >> SpvWordCountShift, op = words[i] & SpvOpCodeMask;
        if (!len || len > n - i) return;
        if (op == SpvOpFunction && len == 5) words[i + 3] &= ~SpvFunctionControlDontInlineMask;
        if (op == SpvOpLoopMerge && len >= 4) words[i + 3] &= ~SpvLoopControlUnrollMask;
        i += len;
    }
}

void spv_choose_inlining(Unit *u) {
    if (u->spirv_words <= SPV_HEADER_WORDS) return;
    if (u->opts->inline_math) {
        inline_everything(u->spirv, u->spirv_words);
        return;
    }
    Module m = {.words = u->spirv};
    if (scan(&m, u->spirv_words))
        for (size_t i = 0; i < m.nfns; i++) inlined_size(&m, &m.fns[i]);
    free_module(&m);
}

/* ---- NoContraction again after the optimizer ------------------------------------ */

static bool is_float_arithmetic(uint32_t op) {
    return op == SpvOpFAdd || op == SpvOpFSub || op == SpvOpFMul || op == SpvOpFDiv || op == SpvOpFRem ||
           op == SpvOpFMod || op == SpvOpFNegate || op == SpvOpVectorTimesScalar;
}

bool spv_restore_exact(Unit *u, uint32_t **words, size_t *nwords) {
    uint32_t *w = *words;
    size_t n = *nwords;
    if (n <= SPV_HEADER_WORDS) return true;
    uint32_t bound = w[3];
    bool *decorated = calloc(bound ? bound : 1, sizeof *decorated);
    uint32_t *missing = NULL;
    size_t nmissing = 0;
    bool ok = decorated != NULL, in_library = false;
    for (size_t i = SPV_HEADER_WORDS; ok && i < n;) {
        uint32_t len = w[i] >> SpvWordCountShift, op = w[i] & SpvOpCodeMask;
        if (!len || len > n - i) break;
        if (op == SpvOpDecorate && len == 3 && w[i + 2] == SpvDecorationNoContraction && w[i + 1] < bound)
            decorated[w[i + 1]] = true;
        if (op == SpvOpFunction && len == 5) in_library = w[i + 3] & SpvFunctionControlDontInlineMask;
        if (in_library && is_float_arithmetic(op) && len >= 3 && w[i + 2] < bound && !decorated[w[i + 2]]) {
            uint32_t *grown = realloc(missing, sizeof *missing * (nmissing + 1));
            ok = grown != NULL;
            if (ok) (missing = grown)[nmissing++] = w[i + 2];
        }
        i += len;
    }
    free(decorated);
    ok = ok && spv_insert_decorations(words, nwords, missing, nmissing, SpvDecorationNoContraction);
    free(missing);
    if (!ok) {
        diag_tool_error("cannot mark the math library's float operations exact in the optimized module");
        u->diag->errors++;
    }
    return ok;
}
