/* spv_loop_step.c — a loop's step made again in its continue block.
 *
 * Why: Debian 12's lavapipe (Mesa 22.3) ran an insertion sort over a
 * thread's own array wrongly (`for (b = a; b > 0 && t[b - 1] > t[b]; b--)`
 * swapping t[b] and t[b - 1]: every median of 64 wrong) once the
 * optimizer's --redundancy-elimination had found the step `b - 1` already
 * made by the swap, so that the value the loop's back edge carries came
 * from the body rather than from the continue block. The module is valid
 * (Mesa 25 runs it right); the same module with `b - 1` computed again in
 * the continue block runs right on Mesa 22.3. So after the optimizer, each
 * value a loop header's OpPhi takes from the continue block that is one
 * integer operation made elsewhere in the loop, of operands the continue
 * block sees (constants, the header's values, values from before the
 * loop), is made again at the continue block's start. Drivers merge the
 * two again; the cost is an instruction per such loop in the module. */
#include "campcc.h"
#include "spv_parse.h"

#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

static uint32_t op_of(uint32_t word) { return word & SpvOpCodeMask; }
static uint32_t len_of(uint32_t word) { return word >> SpvWordCountShift; }

/* The integer operations of two operands worth making again. */
static bool is_step_operation(uint32_t op) {
    switch (op) {
    case SpvOpIAdd: case SpvOpISub: case SpvOpIMul: case SpvOpShiftLeftLogical: case SpvOpShiftRightLogical:
    case SpvOpShiftRightArithmetic: case SpvOpBitwiseAnd: case SpvOpBitwiseOr: case SpvOpBitwiseXor: return true;
    default: return false;
    }
}

/* A clone to insert: the operation at `from` made again as id `result` at
 * offset `at` (the continue block's first instruction after its label and
 * phis), for the phi operand at `use`. */
typedef struct StepClone {
    size_t at, from, use;
    uint32_t result;
} StepClone;

typedef struct LoopStepPass {
    uint32_t *w;
    size_t n;
    SpvDefs defs;
    size_t *block_of; /* id -> offset of the OpLabel of the block defining it (0: outside functions' blocks) */
    size_t *label_at; /* label id -> offset of its OpLabel */
    StepClone *clones;
    size_t nclones, cap;
    uint32_t bound;
} LoopStepPass;

/* Whether operand `id` is seen in every block of the loop whose header's
 * label is at `header`: a constant, a value of the header, or one made in
 * a block before the header (SPIR-V orders a function's blocks so that
 * each comes after those dominating it, and a value from outside a loop
 * that the loop uses dominates its header). */
static bool seen_by_loop(const LoopStepPass *p, uint32_t id, size_t header) {
    return id < p->bound && p->defs.def[id] && p->block_of[id] <= header;
}

/* The clone for the header phi's operand at `use`, a value coming from the
 * continue block at `cont`, if that value qualifies. */
static void consider(LoopStepPass *p, size_t header, size_t cont, size_t use) {
    uint32_t v = p->w[use];
    if (v >= p->bound || !p->defs.def[v]) return;
    size_t def = p->defs.def[v], block = p->block_of[v];
    if (block <= header || block == cont || len_of(p->w[def]) != 5 || !is_step_operation(op_of(p->w[def]))) return;
    if (!seen_by_loop(p, p->w[def + 3], header) || !seen_by_loop(p, p->w[def + 4], header)) return;
    size_t at = cont + len_of(p->w[cont]);
    while (at < p->n && (op_of(p->w[at]) == SpvOpPhi || op_of(p->w[at]) == SpvOpLine || op_of(p->w[at]) == SpvOpNoLine))
        at += len_of(p->w[at]);
    if (p->nclones == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 8;
        p->clones = realloc(p->clones, sizeof *p->clones * p->cap);
        if (!p->clones) unreachable("out of memory");
    }
    uint32_t result = p->bound + (uint32_t)p->nclones;
    p->clones[p->nclones++] = (StepClone){.at = at, .from = def, .use = use, .result = result};
}

/* Each label's offset, and each value's block. */
static void find_blocks(LoopStepPass *p) {
    size_t block = 0;
    for (size_t i = 5; i < p->n && len_of(p->w[i]); i += len_of(p->w[i])) {
        uint32_t op = op_of(p->w[i]);
        if (op == SpvOpLabel && p->w[i + 1] < p->bound) p->label_at[p->w[i + 1]] = block = i;
        else if (op == SpvOpFunctionEnd) block = 0;
        for (size_t k = 1; k <= 2 && k < len_of(p->w[i]); k++) /* the result is word 1 or 2 */
            if (p->w[i + k] < p->bound && p->defs.def[p->w[i + k]] == i) p->block_of[p->w[i + k]] = block;
    }
}

/* Each loop's header phis taking a value from the continue block. */
static void find_steps(LoopStepPass *p) {
    size_t header = 0;
    for (size_t i = 5; i < p->n && len_of(p->w[i]); i += len_of(p->w[i])) {
        uint32_t op = op_of(p->w[i]);
        if (op == SpvOpLabel) header = i;
        if (op != SpvOpLoopMerge || !header || p->w[i + 2] >= p->bound || !p->label_at[p->w[i + 2]]) continue;
        uint32_t cont = p->w[i + 2];
        for (size_t phi = header + 2; phi < i && op_of(p->w[phi]) == SpvOpPhi; phi += len_of(p->w[phi]))
            for (size_t j = 3; j + 1 < len_of(p->w[phi]); j += 2)
                if (p->w[phi + j + 1] == cont) consider(p, header, p->label_at[cont], phi + j);
    }
}

static int by_offset(const void *a, const void *b) {
    const StepClone *x = a, *y = b;
    return x->at < y->at ? -1 : x->at > y->at;
}

/* The module with each clone inserted and its phi operand renamed. */
static void insert_clones(LoopStepPass *p, uint32_t **words, size_t *nwords) {
    qsort(p->clones, p->nclones, sizeof *p->clones, by_offset);
    uint32_t *out = malloc(sizeof *out * (p->n + 5 * p->nclones));
    if (!out) unreachable("out of memory");
    for (size_t c = 0; c < p->nclones; c++) p->w[p->clones[c].use] = p->clones[c].result;
    size_t o = 0, from = 0;
    for (size_t c = 0; c < p->nclones; c++) {
        const StepClone *k = &p->clones[c];
        memcpy(out + o, p->w + from, sizeof *out * (k->at - from));
        o += k->at - from, from = k->at;
        memcpy(out + o, p->w + k->from, sizeof *out * 5);
        out[o + 2] = k->result;
        o += 5;
    }
    memcpy(out + o, p->w + from, sizeof *out * (p->n - from));
    o += p->n - from;
    out[3] = p->bound + (uint32_t)p->nclones;
    free(*words);
    *words = out;
    *nwords = o;
}

void spv_remake_loop_steps(uint32_t **words, size_t *nwords) {
    LoopStepPass p = {.w = *words, .n = *nwords};
    if (p.n < 5 || !spv_defs_find(&p.defs, p.w, p.n)) return;
    p.bound = p.defs.bound;
    p.block_of = calloc(p.bound, sizeof *p.block_of);
    p.label_at = calloc(p.bound, sizeof *p.label_at);
    if (!p.block_of || !p.label_at) unreachable("out of memory");
    find_blocks(&p);
    find_steps(&p);
    if (p.nclones) insert_clones(&p, words, nwords);
    spv_defs_free(&p.defs);
    free(p.block_of);
    free(p.label_at);
    free(p.clones);
}
