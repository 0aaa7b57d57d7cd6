/* spv_parse.h — a module's instructions as SPIRV-Tools' parser reads them
 * (spv_tools.c: libspirv.h may be included by one C file only), for passes
 * over campcc's own binary that must tell ids from literals. */
#ifndef CAMPCC_SPV_PARSE_H
#define CAMPCC_SPV_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct SpvParsedInst {
    uint32_t opcode, nwords;
    uint32_t result, type;       /* 0: none */
    const uint16_t *id_offsets;  /* the words of its id operands (the result's too), from its first */
    uint32_t nids;
} SpvParsedInst;

/* Calls `visit` on each instruction of the module in order; false if the
 * module cannot be parsed. */
bool spv_parse(const uint32_t *words, size_t n, void (*visit)(void *user, const SpvParsedInst *in), void *user);

/* Where each id of a module is defined: the offset of the instruction that
 * defines it and its result type (0: none), for passes that follow values
 * back to constants (spv_disjoint.c, spv_divide.c). */
typedef struct SpvDefs {
    const uint32_t *words;
    size_t n;
    size_t *def;    /* id -> offset of its instruction */
    uint32_t *type; /* id -> its type */
    uint32_t bound;
} SpvDefs;

bool spv_defs_find(SpvDefs *d, const uint32_t *words, size_t n); /* false: the module cannot be parsed */
void spv_defs_free(SpvDefs *d);
uint32_t spv_defs_int_width(const SpvDefs *d, uint32_t type); /* integer type `type`'s width (0: not one) */
uint32_t spv_defs_width_of(const SpvDefs *d, uint32_t id);    /* value `id`'s, if a scalar integer (else 0) */

#endif
