/* spv_loop_step.c — a loop's continue block made of its steps alone,
 * after the optimizer.
 *
 * Why: Debian 12's lavapipe (Mesa 22.3) ran an insertion sort over a
 * thread's own array wrongly (`for (b = a; b > 0 && t[b - 1] > t[b]; b--)`
 * swapping t[b] and t[b - 1]: every median of 64 wrong) in the two forms
 * the optimizer gives such a loop, whose test is not in its header: the
 * body merged into the continue block (--merge-blocks), or, with the body
 * apart, the step `b - 1` taken from the swap's, so that the value the
 * back edge carries is made in the body (--redundancy-elimination). Both
 * modules are valid (Mesa 25 runs them right); the form with a continue
 * block that makes `b - 1` again and branches back runs right on Mesa
 * 22.3, and is the one glslang writes. So for each loop whose header
 * branches on unconditionally (its test in later blocks), a continue
 * block holding more than its steps becomes a body block followed by a
 * new continue block, and each value a header's OpPhi takes from the
 * continue block that is one integer operation of operands the whole loop
 * sees (constants, the header's values, values from before the loop) is
 * made again there, unless made there already. Drivers merge the two
 * again; the cost is a block and an instruction per such loop. Loops
 * tested in their header are left as they are. */
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

/* Words to insert at offset `at` of the module. */
typedef struct Insertion {
    size_t at;
    uint32_t *words;
    size_t n;
} Insertion;

typedef struct LoopStepPass {
    uint32_t *w;
    size_t n;
    SpvDefs defs;
    size_t *block_of; /* id -> offset of the OpLabel of the block defining it (0: outside functions' blocks) */
    size_t *label_at; /* label id -> offset of its OpLabel */
    uint32_t *branches_to; /* label id -> the branches that name it */
    Insertion *insertions;
    size_t ninsertions, cap;
    uint32_t bound, next_id;
} LoopStepPass;

/* Whether operand `id` is seen in every block of the loop whose header's
 * label is at `header`: a constant, a value of the header, or one made in
 * a block before the header (SPIR-V orders a function's blocks so that
 * each comes after those dominating it, and a value from outside a loop
 * that the loop uses dominates its header). */
static bool seen_by_loop(const LoopStepPass *p, uint32_t id, size_t header) {
    return id < p->bound && p->defs.def[id] && p->block_of[id] <= header;
}

/* The offset of the instruction after a block's label and phis. */
static size_t after_phis(const LoopStepPass *p, size_t label) {
    size_t at = label + len_of(p->w[label]);
    while (at < p->n && (op_of(p->w[at]) == SpvOpPhi || op_of(p->w[at]) == SpvOpLine || op_of(p->w[at]) == SpvOpNoLine))
        at += len_of(p->w[at]);
    return at;
}

static bool is_terminator(uint32_t op) {
    return op == SpvOpBranch || op == SpvOpBranchConditional || op == SpvOpSwitch || op == SpvOpReturn ||
           op == SpvOpReturnValue || op == SpvOpKill || op == SpvOpUnreachable || op == SpvOpTerminateInvocation;
}

/* The clone of the step `v` in a continue block: its operation and
 * operands as a new value, appended to `out`; false if v is no step of
 * the loop whose header is at `header` made outside the block at `keep`
 * (0: anywhere in the loop). */
static bool clone_step(LoopStepPass *p, uint32_t v, size_t header, size_t keep, uint32_t *out, size_t *n,
                       uint32_t *clone) {
    if (v >= p->bound || !p->defs.def[v]) return false;
    size_t def = p->defs.def[v], block = p->block_of[v];
    if (block <= header || block == keep || len_of(p->w[def]) != 5 || !is_step_operation(op_of(p->w[def])) ||
        !seen_by_loop(p, p->w[def + 3], header) || !seen_by_loop(p, p->w[def + 4], header))
        return false;
    memcpy(out + *n, p->w + def, sizeof *out * 5);
    out[*n + 2] = *clone = p->next_id++;
    *n += 5;
    return true;
}

static void add_insertion(LoopStepPass *p, size_t at, uint32_t *words, size_t n) {
    if (p->ninsertions == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 8;
        p->insertions = realloc(p->insertions, sizeof *p->insertions * p->cap);
        if (!p->insertions) unreachable("out of memory");
    }
    p->insertions[p->ninsertions++] = (Insertion){at, words, n};
}

/* The loop whose header's label is at `header`, its OpLoopMerge at
 * `merge`: where its test is not in the header (the header branches on
 * unconditionally), its continue block made of the steps alone. */
static void remake_loop(LoopStepPass *p, size_t header, size_t merge) {
    size_t next = merge + len_of(p->w[merge]);
    uint32_t cont_id = p->w[merge + 2], header_id = p->w[header + 1];
    if (next >= p->n || op_of(p->w[next]) != SpvOpBranch || cont_id >= p->bound || !p->label_at[cont_id]) return;
    size_t cont = p->label_at[cont_id], end = after_phis(p, cont);
    bool body = false; /* the body merged into the continue block */
    for (; end < p->n && !is_terminator(op_of(p->w[end])); end += len_of(p->w[end]))
        if (op_of(p->w[end]) != SpvOpLine && op_of(p->w[end]) != SpvOpNoLine) body = true;
    if (end >= p->n || op_of(p->w[end]) != SpvOpBranch || p->w[end + 1] != header_id) return;
    /* a continue block reached by `continue` statements too stays one:
     * their branches, now to a body block, would leave their selections */
    if (body && p->branches_to[cont_id] != 1) return;
    /* the header's phis (after its label; debug lines may come between) */
    size_t nphis = 0;
    for (size_t at = header + 2; at < merge; at += len_of(p->w[at])) nphis += op_of(p->w[at]) == SpvOpPhi;
    /* the new continue block: its label, the steps, the branch back */
    uint32_t *words = malloc(sizeof *words * (2 + 5 * nphis + 2));
    if (!words) unreachable("out of memory");
    size_t n = 0;
    uint32_t new_cont = body ? p->next_id++ : cont_id;
    if (body) words[n++] = 2u << SpvWordCountShift | SpvOpLabel, words[n++] = new_cont;
    for (size_t phi = header + 2; phi < merge; phi += len_of(p->w[phi]))
        for (size_t j = 3; op_of(p->w[phi]) == SpvOpPhi && j + 1 < len_of(p->w[phi]); j += 2) {
            if (p->w[phi + j + 1] != cont_id) continue;
            uint32_t clone;
            if (clone_step(p, p->w[phi + j], header, body ? 0 : cont, words, &n, &clone)) p->w[phi + j] = clone;
            p->w[phi + j + 1] = new_cont;
        }
    if (!body && n == 0) {
        free(words);
        return;
    }
    if (body) {
        words[n++] = 2u << SpvWordCountShift | SpvOpBranch, words[n++] = header_id;
        p->w[merge + 2] = new_cont;
        p->w[end + 1] = new_cont;
        add_insertion(p, end + 2, words, n);
    } else {
        add_insertion(p, after_phis(p, cont), words, n);
    }
}

static void count_target(LoopStepPass *p, uint32_t label) {
    if (label < p->bound) p->branches_to[label]++;
}

/* The labels the branch at offset i names, counted: a switch's default,
 * then a label after each case's literal, taken as one word (a 64-bit
 * case's two words may count a label too many, which only leaves a loop
 * as it is). */
static void count_targets(LoopStepPass *p, size_t i) {
    const uint32_t *w = p->w + i;
    uint32_t len = len_of(w[0]);
    switch (op_of(w[0])) {
    case SpvOpBranch: if (len > 1) count_target(p, w[1]); break;
    case SpvOpBranchConditional: if (len > 3) count_target(p, w[2]), count_target(p, w[3]); break;
    case SpvOpSwitch:
        if (len > 2) count_target(p, w[2]);
        for (uint32_t k = 4; k < len; k += 2) count_target(p, w[k]);
        break;
    default: break;
    }
}

/* Each label's offset, and each value's block, and the branches to each label. */
static void find_blocks(LoopStepPass *p) {
    size_t block = 0;
    for (size_t i = 5; i < p->n && len_of(p->w[i]); i += len_of(p->w[i])) {
        uint32_t op = op_of(p->w[i]);
        if (op == SpvOpLabel && p->w[i + 1] < p->bound) p->label_at[p->w[i + 1]] = block = i;
        else if (op == SpvOpFunctionEnd) block = 0;
        count_targets(p, i);
        for (size_t k = 1; k <= 2 && k < len_of(p->w[i]); k++) /* the result is word 1 or 2 */
            if (p->w[i + k] < p->bound && p->defs.def[p->w[i + k]] == i) p->block_of[p->w[i + k]] = block;
    }
}

static int by_offset(const void *a, const void *b) {
    const Insertion *x = a, *y = b;
    return x->at < y->at ? -1 : x->at > y->at;
}

/* The module with the insertions made. */
static void insert_all(LoopStepPass *p, uint32_t **words, size_t *nwords) {
    qsort(p->insertions, p->ninsertions, sizeof *p->insertions, by_offset);
    size_t total = p->n;
    for (size_t k = 0; k < p->ninsertions; k++) total += p->insertions[k].n;
    uint32_t *out = malloc(sizeof *out * total);
    if (!out) unreachable("out of memory");
    size_t o = 0, from = 0;
    for (size_t k = 0; k < p->ninsertions; k++) {
        const Insertion *in = &p->insertions[k];
        memcpy(out + o, p->w + from, sizeof *out * (in->at - from));
        o += in->at - from, from = in->at;
        memcpy(out + o, in->words, sizeof *out * in->n);
        o += in->n;
    }
    memcpy(out + o, p->w + from, sizeof *out * (p->n - from));
    o += p->n - from;
    out[3] = p->next_id;
    free(*words);
    *words = out;
    *nwords = o;
}

void spv_remake_loop_steps(uint32_t **words, size_t *nwords) {
    LoopStepPass p = {.w = *words, .n = *nwords};
    if (p.n < 5 || !spv_defs_find(&p.defs, p.w, p.n)) return;
    p.bound = p.next_id = p.defs.bound;
    p.block_of = calloc(p.bound, sizeof *p.block_of);
    p.label_at = calloc(p.bound, sizeof *p.label_at);
    p.branches_to = calloc(p.bound, sizeof *p.branches_to);
    if (!p.block_of || !p.label_at || !p.branches_to) unreachable("out of memory");
    find_blocks(&p);
    size_t header = 0;
    for (size_t i = 5; i < p.n && len_of(p.w[i]); i += len_of(p.w[i])) {
        if (op_of(p.w[i]) == SpvOpLabel) header = i;
        if (op_of(p.w[i]) == SpvOpLoopMerge && header) remake_loop(&p, header, i);
    }
    if (p.ninsertions) insert_all(&p, words, nwords);
    for (size_t k = 0; k < p.ninsertions; k++) free(p.insertions[k].words);
    spv_defs_free(&p.defs);
    free(p.block_of);
    free(p.label_at);
    free(p.branches_to);
    free(p.insertions);
}
