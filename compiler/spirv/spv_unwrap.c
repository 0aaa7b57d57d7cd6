/* spv_unwrap.c — the early returns that SPIRV-Tools' merge-return pass
 * gathered, given back. The pass wraps a function with early exits in a
 * switch of no case (`OpSelectionMerge %M; OpSwitch %c %body`) and turns
 * each exit into a branch to %M, whose block returns. The optimizer needs
 * that form (its inliner refuses functions that return from inside a loop;
 * without the pass, a kernel of 480 sinf calls took it more than 10
 * minutes where it takes seconds), but Mesa 25's lavapipe crashed in
 * vkCreateComputePipelines on such a switch in a kernel that also
 * addressed a view by an access chain with a 64-bit index (a read, a
 * `continue` on its value, a store: the usual guard), and took the same
 * kernel with plain returns. So after the optimizer each such wrapper of a
 * function returning void becomes a branch to its body again, and each
 * branch to %M an OpReturn, where nothing else names %M. */
#include "campcc.h"
#include "spv_builder.h"

#include <stdlib.h>
#include <string.h>

static uint32_t op_of(uint32_t word) { return word & SpvOpCodeMask; }
static uint32_t len_of(uint32_t word) { return word >> SpvWordCountShift; }

/* OpReturn, a whole instruction of one word. */
static const uint32_t RETURN_WORD = 1u << SpvWordCountShift | SpvOpReturn;

/* A wrapper found in the function [start, end): where its OpSelectionMerge
 * is, the switch's target and the merge block's label. */
typedef struct Wrapper {
    size_t at;      /* the OpSelectionMerge */
    uint32_t body;  /* the switch's default */
    uint32_t merge; /* %M: a block of OpLabel and OpReturn alone */
    size_t merge_at;
} Wrapper;

/* The function's first block ending in a switch of no case whose merge
 * block only returns, with %M named by nothing but branches to it. */
static bool find_wrapper(const uint32_t *w, size_t start, size_t end, Wrapper *found) {
    size_t i = start, first_label = 0;
    for (; i < end; i += len_of(w[i])) {
        uint32_t op = op_of(w[i]);
        if (op == SpvOpLabel) {
            if (first_label) return false; /* the first block ended without the wrapper */
            first_label = i;
        } else if (first_label && op == SpvOpSelectionMerge) {
            break;
        } else if (first_label && op != SpvOpVariable && op != SpvOpLine && op != SpvOpNoLine) {
            return false;
        }
    }
    size_t sw = i + 3;
    if (i >= end || len_of(w[i]) != 3 || sw >= end || op_of(w[sw]) != SpvOpSwitch || len_of(w[sw]) != 3) return false;
    *found = (Wrapper){.at = i, .body = w[sw + 2], .merge = w[i + 1]};
    for (size_t j = start; j < end; j += len_of(w[j])) {
        uint32_t op = op_of(w[j]), len = len_of(w[j]);
        if (j == i || (op == SpvOpBranch && w[j + 1] == found->merge)) continue;
        if (op == SpvOpLabel && w[j + 1] == found->merge) {
            if (j + 2 >= end || w[j + 2] != RETURN_WORD) return false;
            found->merge_at = j;
            continue;
        }
        for (uint32_t k = 1; k < len; k++)
            if (w[j + k] == found->merge) return false;
    }
    return found->merge_at != 0;
}

/* The function [start, end) into out, unwrapped where it has a wrapper. */
static void copy_function(const uint32_t *w, size_t start, size_t end, uint32_t *out, size_t *n) {
    Wrapper wr;
    if (!find_wrapper(w, start, end, &wr)) {
        memcpy(out + *n, w + start, sizeof *w * (end - start));
        *n += end - start;
        return;
    }
    for (size_t j = start; j < end; j += len_of(w[j])) {
        uint32_t op = op_of(w[j]), len = len_of(w[j]);
        if (j == wr.at) {
            out[(*n)++] = 2u << SpvWordCountShift | SpvOpBranch;
            out[(*n)++] = wr.body;
            j += 3; /* to the switch, which the loop's step passes */
        } else if (j == wr.merge_at) {
            j += 2; /* to %M's OpReturn, which the loop's step passes */
        } else if (op == SpvOpBranch && w[j + 1] == wr.merge) {
            out[(*n)++] = RETURN_WORD;
        } else {
            memcpy(out + *n, w + j, sizeof *w * len);
            *n += len;
        }
    }
}

void spv_unwrap_returns(uint32_t *words, size_t *n) {
    uint32_t *out = malloc(sizeof *out * *n);
    if (!out) unreachable("out of memory");
    size_t m = SPV_HEADER_WORDS, i = SPV_HEADER_WORDS, function = 0;
    memcpy(out, words, sizeof *out * SPV_HEADER_WORDS);
    while (i < *n) {
        uint32_t op = op_of(words[i]), len = len_of(words[i]);
        if (!len || len > *n - i) { /* not the optimizer's output: left alone */
            free(out);
            return;
        }
        if (op == SpvOpFunction) function = i;
        if (op == SpvOpFunctionEnd && function) {
            copy_function(words, function, i, out, &m);
            function = 0;
        }
        if (!function) {
            memcpy(out + m, words + i, sizeof *out * len);
            m += len;
        }
        i += len;
    }
    memcpy(words, out, sizeof *out * m);
    *n = m;
    free(out);
}
