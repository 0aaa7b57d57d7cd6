/* spv_debug_sweep.c — debug records of values the optimizer removed.
 * SPIRV-Tools 2023.1's --copy-propagate-arrays, on a kernel whose local
 * array of structs holding pointers it propagates, left a DebugValue
 * naming an access chain it had placed further down the function, where
 * the record's place is not reached by it, which spirv-val refuses: a -g
 * -O2 build stopped with an internal error. Such a DebugValue or
 * DebugDeclare (of a value not defined before it in the module: blocks
 * come in an order where each one's dominators are earlier) goes; the
 * debugger then no longer knows that variable's value from there, which
 * is all the record told it. */
#include "campcc.h"
#include "spv_builder.h"
#include "spv_parse.h"

#include <stdlib.h>
#include <string.h>

/* NonSemantic.Shader.DebugInfo.100's instructions that name a value */
enum { DEBUG_DECLARE = 28, DEBUG_VALUE = 29 };

typedef struct Sweep {
    const uint32_t *words;
    size_t at;             /* the instruction being visited */
    bool *defined;         /* by result id */
    uint32_t bound, debug_set;
    size_t *records;       /* DebugDeclare/DebugValue of values not defined before them: where each is */
    int nrecords, caprecords;
} Sweep;

static void note(void *user, const SpvParsedInst *in) {
    Sweep *s = user;
    const uint32_t *w = s->words + s->at;
    if (in->opcode == SpvOpExtInstImport && !strcmp((const char *)&w[2], "NonSemantic.Shader.DebugInfo.100"))
        s->debug_set = w[1];
    /* the variable (DebugDeclare) or the value (DebugValue) */
    if (in->opcode == SpvOpExtInst && in->nwords > 6 && w[3] == s->debug_set &&
        (w[4] == DEBUG_DECLARE || w[4] == DEBUG_VALUE) && (w[6] >= s->bound || !s->defined[w[6]])) {
        s->records = grow_array(s->records, s->nrecords, &s->caprecords, sizeof *s->records, 16);
        s->records[s->nrecords++] = s->at;
    }
    if (in->result && in->result < s->bound) s->defined[in->result] = true;
    s->at += in->nwords;
}

void spv_drop_dangling_debug(uint32_t *words, size_t *nwords) {
    if (*nwords < 5) return;
    Sweep s = {.words = words, .at = 5, .bound = words[3]};
    s.defined = calloc(s.bound ? s.bound : 1, sizeof *s.defined);
    if (!s.defined) unreachable("out of memory");
    if (spv_parse(words, *nwords, note, &s)) {
        size_t to = 0, from = 0;
        for (int r = 0; r < s.nrecords; r++) {
            size_t at = s.records[r], len = words[at] >> SpvWordCountShift;
            memmove(&words[to], &words[from], sizeof *words * (at - from));
            to += at - from;
            from = at + len;
        }
        memmove(&words[to], &words[from], sizeof *words * (*nwords - from));
        *nwords = to + (*nwords - from);
    }
    free(s.records);
    free(s.defined);
}
