/* spv_expr.h — private to the expression emitters: spv_convert.c
 * (conversions and constants), spv_pointer.c (lvalues, pointers, views and
 * variable-length arrays), spv_union.c (unions held as words) and
 * spv_expr.c (operators, assignment, initializers, calls): what each uses
 * of the others. */
#ifndef CAMPCC_SPV_EXPR_H
#define CAMPCC_SPV_EXPR_H

#include "spv_emit.h"

/* ---- spv_convert.c ---- */
const Type *scalar_of(const Type *t); /* a vector's lane type, else t */
bool is_float(const Type *t);
bool is_signed(const Type *t);
uint32_t const_int(Emitter *e, const Type *t, long long v);
uint32_t const_scalar(Emitter *e, const Type *t, double v); /* in t's type, float or integer */
uint32_t bool_type(Emitter *e, const Type *t);
uint32_t to_bool(Emitter *e, const Type *t, uint32_t v, SrcLoc loc);
uint32_t from_bool(Emitter *e, const Type *t, uint32_t b);
bool widens_stored_half(const Expr *x);
uint32_t convert(Emitter *e, uint32_t v, const Type *from, const Type *to, SrcLoc loc);

/* ---- spv_expr.c ---- */
int part_count(const Type *t);                   /* the parts of a composite member type */
const Type *part(const Type *t, int i, int *off); /* part i's type; *off += its byte offset */

#endif
