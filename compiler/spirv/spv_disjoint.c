/* spv_disjoint.c — `a | b` and `a ^ b` whose operands can share no bit
 * become `a + b`, the same value.
 *
 * Why: NVIDIA's driver (580.159.04, an H200) computes 0 for a byte swap of
 * a 16-bit value narrowed back to 16 bits, `(uint16_t)(x >> 8 | x << 8)`,
 * written with `|` or `^`, through masks (`(x & 0xff) << 8 | (x & 0xff00) >> 8`)
 * or in a wider variable, in some modules and not others; the same
 * expression with `+` came out right in every form tried. Which bits an
 * operand can have is followed through constants, zero-extensions,
 * masks and shifts by constants, so the rewrite takes only operations
 * whose sum has no carry. It runs on every kernel's module as the
 * program holds it, after the optimizer where there is one (whose SSA
 * form shows through variables what -O0's loads hide). */
#include "campcc.h"
#include "spv_parse.h"

#include <spirv/unified1/spirv.h>
#include <stdlib.h>

enum { DEPTH = 16 };

static uint32_t op_of(const SpvDefs *m, size_t at) { return m->words[at] & 0xffffu; }

static uint64_t all_bits(uint32_t width) { return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1; }

/* The bits value `id` may have set (every bit of its width where not known). */
static uint64_t may_be_set(const SpvDefs *m, uint32_t id, int depth) {
    uint32_t width = spv_defs_width_of(m, id);
    if (!width || !m->def[id]) return UINT64_MAX;
    size_t at = m->def[id];
    uint32_t op = op_of(m, at);
    uint64_t all = all_bits(width);
    if (depth >= DEPTH) return all;
    const uint32_t *w = m->words + at;
    switch (op) {
    case SpvOpConstant: return (width > 32 ? (uint64_t)w[4] << 32 | w[3] : w[3]) & all;
    case SpvOpUConvert: { /* zero-extended, or narrowed */
        uint32_t from = spv_defs_width_of(m, w[3]);
        return may_be_set(m, w[3], depth + 1) & all_bits(from ? from : width) & all;
    }
    case SpvOpSConvert: case SpvOpBitcast: {
        uint32_t from = spv_defs_width_of(m, w[3]);
        if (!from) return all;
        uint64_t bits = may_be_set(m, w[3], depth + 1);
        /* a value whose sign bit is clear extends with zeros */
        if (op == SpvOpSConvert && from < width && (bits >> (from - 1) & 1)) return all;
        return bits & all;
    }
    case SpvOpBitwiseAnd: return may_be_set(m, w[3], depth + 1) & may_be_set(m, w[4], depth + 1);
    case SpvOpBitwiseOr: case SpvOpBitwiseXor:
        return (may_be_set(m, w[3], depth + 1) | may_be_set(m, w[4], depth + 1)) & all;
    case SpvOpShiftLeftLogical: case SpvOpShiftRightLogical: case SpvOpShiftRightArithmetic: {
        uint32_t count = w[4];
        if (count >= m->bound || !m->def[count] || op_of(m, m->def[count]) != SpvOpConstant) return all;
        uint32_t by = m->words[m->def[count] + 3];
        if (by >= width) return all;
        uint64_t bits = may_be_set(m, w[3], depth + 1);
        if (op == SpvOpShiftLeftLogical) return bits << by & all;
        if (op == SpvOpShiftRightArithmetic && (bits >> (width - 1) & 1)) return all; /* copies of the sign bit */
        return bits >> by;
    }
    default: return all;
    }
}

/* Rewrites one module in place. */
static void rewrite_module(uint32_t *words, size_t n) {
    SpvDefs m;
    if (spv_defs_find(&m, words, n))
        for (size_t at = 5; at < n;) {
            uint32_t count = words[at] >> 16, op = words[at] & 0xffffu;
            if (!count || at + count > n) break;
            if ((op == SpvOpBitwiseOr || op == SpvOpBitwiseXor) && count == 5 && spv_defs_int_width(&m, words[at + 1]) &&
                !(may_be_set(&m, words[at + 3], 0) & may_be_set(&m, words[at + 4], 0)))
                words[at] = count << 16 | SpvOpIAdd;
            at += count;
        }
    spv_defs_free(&m);
}

void spv_disjoint_bits_as_add(Unit *u) {
    for (int i = 0; i < u->kernels.len; i++)
        for (Kernel *k = u->kernels.items[i]; k; k = k->cooperative)
            rewrite_module(u->kernel_spirv + k->spirv_offset, k->spirv_words);
    if (u->spirv) rewrite_module(u->spirv, u->spirv_words);
}
