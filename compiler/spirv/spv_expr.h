/* spv_expr.h — private to the expression emitters: spv_convert.c
 * (conversions and constants), spv_pointer.c (lvalues, pointers, views and
 * variable-length arrays), spv_object_path.c (rows and members of objects
 * passed to functions), spv_union.c (unions held as words) and
 * spv_expr.c (operators, assignment, initializers, calls): what each uses
 * of the others.
 *
 * Lines marked SEQUENCED emit an operation's operands one statement at a
 * time, the later operand first, instead of as the arguments of one call:
 * C leaves the order of a call's arguments unspecified, and a campcc built
 * by clang emitted them in the opposite order to one built by gcc (whose
 * order these keep). */
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
uint32_t arith(Emitter *e, Op op, const Type *t, uint32_t a, uint32_t b, SrcLoc loc); /* a op b, both of type t */
uint32_t magnitude(Emitter *e, const Type *t, uint32_t x); /* |x| */
/* a * b = *p + *err exactly (Dekker's product, where nothing overflows or falls below the normal range) */
void two_product(Emitter *e, const Type *t, uint32_t a, uint32_t b, uint32_t *p, uint32_t *err);
void store_init(Emitter *e, LValue lv, Expr *init); /* an initializer into the object lv */
/* c ? a : b; for pointers, *pa and *pb receive both sides (the value is their phi) */
uint32_t conditional_value(Emitter *e, Expr *x, Ptr *pa, Ptr *pb);
Ptr assign_ptr(Emitter *e, Expr *x); /* p = q, p += n, p -= n: the new value of p */
Ptr incdec_ptr(Emitter *e, Expr *x); /* ++p, p--: the new or the old value */

/* ---- spv_complex.c ---- */
bool is_complex(const Type *t);
/* a op b (+ - * /) of complex type t, where a (of type at) or b (bt) may be real */
uint32_t complex_arith(Emitter *e, Op op, const Type *t, uint32_t a, const Type *at, uint32_t b, const Type *bt,
                       SrcLoc loc);
uint32_t complex_equal(Emitter *e, uint32_t a, const Type *at, uint32_t b, const Type *bt, SrcLoc loc); /* a bool */
uint32_t complex_to_bool(Emitter *e, const Type *t, uint32_t v); /* v != 0 */
uint32_t complex_convert(Emitter *e, uint32_t v, const Type *from, const Type *to, SrcLoc loc); /* to or from real */
uint32_t complex_conjugate(Emitter *e, const Type *t, uint32_t v); /* ~v */
/* ---- spv_pointer.c ---- */
bool is_psb(SpvStorageClass sc); /* PhysicalStorageBuffer: memory with addresses */
LValue sub_lvalue(Emitter *e, LValue lv, const Type *t, uint32_t index); /* member, component or element */
/* sub_lvalue keeping the path from lv's object (spv_object_path.c): index is a struct's member (a
 * constant) or an element offset (a 32-bit int) */
LValue part_lvalue(Emitter *e, LValue lv, const Type *t, uint32_t index, bool member);
uint32_t offset_of(Emitter *e, uint32_t i, const Type *it); /* an integer as a 32-bit signed offset */
Ptr ptr_add(Emitter *e, Ptr p, const Type *ptr_type, uint32_t i, const Type *it, bool negate);
bool points_at_address(Emitter *e, const Expr *x); /* a view's or null, not an offset (ptr_storage.c) */
uint32_t null_offset(Emitter *e); /* a null pointer's offset, into memory other than views */
uint32_t var_storage(Emitter *e, Var *v); /* the Function variable of a local or parameter */
bool var_holds_address(Emitter *e, const Var *v); /* pointer variable v: into views, or null (ptr_storage.c) */
Ptr var_ptr(Emitter *e, Var *v);                /* the value of pointer variable v */
void store_var_ptr(Emitter *e, Var *v, Ptr p); /* p into pointer variable v */
uint32_t ptr_word(Emitter *e, Ptr p, bool address); /* a pointer as a comparable integer */
void ptr_pair(Emitter *e, Expr *x, uint32_t *a, uint32_t *b, bool *is_address);
uint32_t ptr_diff(Emitter *e, Expr *x); /* p - q */

/* ---- spv_union.c ---- */
int part_count(const Type *t);                   /* the parts of a composite member type */
const Type *part(const Type *t, int i, int *off); /* part i's type; *off += its byte offset */
bool union_access(const Expr *x, Expr **root); /* x is (a part of) a member of union *root */
void union_offset(Emitter *e, Expr *x, int *off, uint32_t *dyn); /* byte offset of union part x */
uint32_t union_get(Emitter *e, LValue lv, const Type *u, int off, uint32_t dyn, const Type *m);
void union_set(Emitter *e, LValue lv, const Type *u, int off, uint32_t dyn, const Type *m, uint32_t v);
LValue union_object(Emitter *e, Expr *u); /* the union an access goes through, as an object */
void store_union_init(Emitter *e, LValue lv, const Type *u, int off, const Type *t, Expr *value);

#endif
