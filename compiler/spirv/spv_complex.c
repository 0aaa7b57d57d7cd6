/* spv_complex.c — C's _Complex float and double: a vector of 2 holding
 * (real, imaginary), which is C's layout, with C's arithmetic on it. A
 * real operand of a complex operation stays real, as Annex G asks (z * 2
 * scales both parts; z + 1 leaves the imaginary part as it is, -0 too).
 * Products and quotients round each step on their own, as the host's do,
 * so a kernel's complex results are the host's bit for bit; of what
 * Annex G adds for infinities and NaNs, only a quotient by zero is
 * infinite (not __muldc3's recovery of an infinite product from NaNs). */
#include "spv_expr.h"

bool is_complex(const Type *t) { return t->kind == TY_VECTOR && t->is_complex; }

typedef struct Parts {
    uint32_t re, im; /* im 0: a real operand */
} Parts;

static uint32_t part_of(Emitter *e, const Type *t, uint32_t v, uint32_t i) {
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpCompositeExtract, em_type(e, t->base), r, v, i);
    return r;
}

/* v, of type vt (complex or real), as parts of complex type t. */
static Parts parts_of(Emitter *e, const Type *t, uint32_t v, const Type *vt, SrcLoc loc) {
    if (!is_complex(vt)) return (Parts){convert(e, v, vt, t->base, loc), 0};
    v = convert(e, v, vt, t, loc);
    return (Parts){part_of(e, t, v, 0), part_of(e, t, v, 1)};
}

static uint32_t complex_value(Emitter *e, const Type *t, uint32_t re, uint32_t im) {
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpCompositeConstruct, em_type(e, t), r, re, im);
    return r;
}

/* a op b in the part type s, rounded on its own (neither fused nor
 * reassociated); a quotient correctly rounded, as the host's. */
static uint32_t step(Emitter *e, Op op, const Type *s, uint32_t a, uint32_t b, SrcLoc loc) {
    if (op == OP_DIV) return arith(e, op, s, a, b, loc);
    bool exact = e->exact_fp;
    e->exact_fp = true;
    uint32_t r = arith(e, op, s, a, b, loc);
    e->exact_fp = exact;
    return r;
}

static uint32_t negate(Emitter *e, const Type *s, uint32_t v) {
    uint32_t r = em_op1(e, SpvOpFNegate, em_type(e, s), v);
    spv_decorate(&e->b, r, SpvDecorationNoContraction, NULL, 0);
    return r;
}

static uint32_t select_value(Emitter *e, const Type *s, uint32_t cond, uint32_t a, uint32_t b) {
    uint32_t r = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpSelect, em_type(e, s), r, cond, a, b);
    return r;
}

/* x with y's sign. */
static uint32_t em_copysign(Emitter *e, const Type *s, uint32_t x, uint32_t y) {
    const Type *bits = type_int(s->size, false);
    uint32_t bt = em_type(e, bits), sign = const_int(e, bits, (long long)(1ull << (s->size * 8 - 1)));
    uint32_t xb = em_op1(e, SpvOpBitcast, bt, x), yb = em_op1(e, SpvOpBitcast, bt, y);
    uint32_t r = em_op2(e, SpvOpBitwiseOr, bt, em_op2(e, SpvOpBitwiseAnd, bt, xb, em_op1(e, SpvOpNot, bt, sign)),
                        em_op2(e, SpvOpBitwiseAnd, bt, yb, sign));
    return em_op1(e, SpvOpBitcast, em_type(e, s), r);
}

/* (a + bi) / (c + di) by Smith's method, as libgcc's __divdc3 computes
 * it: the larger of |c| and |d| divides the other, so that c² + d² never
 * overflows where the quotient does not. Both orders are computed and one
 * is selected (no branch in the thread). */
static Parts divide(Emitter *e, const Type *s, Parts x, Parts y, SrcLoc loc) {
    uint32_t zero = const_scalar(e, s, 0);
    uint32_t a = x.re, b = x.im ? x.im : zero, c = y.re, d = y.im;
    uint32_t abs_c = magnitude(e, s, c), abs_d = magnitude(e, s, d);
    uint32_t c_smaller = em_op2(e, SpvOpFOrdLessThan, spv_type_bool(&e->b), abs_c, abs_d);
    /* |c| < |d|: ratio = c / d, denominator c * ratio + d */
    uint32_t r1 = step(e, OP_DIV, s, c, d, loc);
    uint32_t den1 = step(e, OP_ADD, s, step(e, OP_MUL, s, c, r1, loc), d, loc);
    uint32_t re1 = step(e, OP_DIV, s, step(e, OP_ADD, s, step(e, OP_MUL, s, a, r1, loc), b, loc), den1, loc);
    uint32_t im1 = step(e, OP_DIV, s, step(e, OP_SUB, s, step(e, OP_MUL, s, b, r1, loc), a, loc), den1, loc);
    /* otherwise: ratio = d / c, denominator d * ratio + c */
    uint32_t r2 = step(e, OP_DIV, s, d, c, loc);
    uint32_t den2 = step(e, OP_ADD, s, step(e, OP_MUL, s, d, r2, loc), c, loc);
    uint32_t re2 = step(e, OP_DIV, s, step(e, OP_ADD, s, step(e, OP_MUL, s, b, r2, loc), a, loc), den2, loc);
    uint32_t im2 = step(e, OP_DIV, s, step(e, OP_SUB, s, b, step(e, OP_MUL, s, a, r2, loc), loc), den2, loc);
    Parts q = {select_value(e, s, c_smaller, re1, re2), select_value(e, s, c_smaller, im1, im2)};
    /* by zero: infinities of a's and b's signs, as __divdc3 recovers them from the NaNs */
    uint32_t bools = spv_type_bool(&e->b);
    uint32_t by_zero = em_op2(e, SpvOpLogicalAnd, bools, em_op2(e, SpvOpFOrdEqual, bools, c, zero),
                              em_op2(e, SpvOpFOrdEqual, bools, d, zero));
    uint32_t inf = em_copysign(e, s, const_scalar(e, s, __builtin_inf()), c);
    return (Parts){select_value(e, s, by_zero, step(e, OP_MUL, s, inf, a, loc), q.re),
                   select_value(e, s, by_zero, step(e, OP_MUL, s, inf, b, loc), q.im)};
}

/* x + y = *hi + *lo exactly (Knuth's two-sum). */
static void two_sum(Emitter *e, const Type *s, uint32_t x, uint32_t y, uint32_t *hi, uint32_t *lo, SrcLoc loc) {
    *hi = step(e, OP_ADD, s, x, y, loc);
    uint32_t y_part = step(e, OP_SUB, s, *hi, x, loc), x_part = step(e, OP_SUB, s, *hi, y_part, loc);
    *lo = step(e, OP_ADD, s, step(e, OP_SUB, s, x, x_part, loc), step(e, OP_SUB, s, y, y_part, loc), loc);
}

/* a * b + c * d as a float pair hi + lo, to twice a float's precision. */
static void sum_of_products(Emitter *e, const Type *s, uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t *hi,
                            uint32_t *lo, SrcLoc loc) {
    uint32_t p, p_err, q, q_err, sum_err;
    two_product(e, s, a, b, &p, &p_err);
    two_product(e, s, c, d, &q, &q_err);
    two_sum(e, s, p, q, hi, &sum_err, loc);
    *lo = step(e, OP_ADD, s, sum_err, step(e, OP_ADD, s, p_err, q_err, loc), loc);
}

/* (n_hi + n_lo) / (d_hi + d_lo) rounded to a float: the quotient of the
 * high words, corrected by its remainder. */
static uint32_t pair_quotient(Emitter *e, const Type *s, uint32_t n_hi, uint32_t n_lo, uint32_t d_hi, uint32_t d_lo,
                              SrcLoc loc) {
    uint32_t q = step(e, OP_DIV, s, n_hi, d_hi, loc), m, m_err;
    two_product(e, s, q, d_hi, &m, &m_err);
    uint32_t r = step(e, OP_SUB, s, step(e, OP_SUB, s, n_hi, m, loc), m_err, loc);
    r = step(e, OP_SUB, s, step(e, OP_ADD, s, r, n_lo, loc), step(e, OP_MUL, s, q, d_lo, loc), loc);
    return step(e, OP_ADD, s, q, step(e, OP_DIV, s, r, d_hi, loc), loc);
}

/* A complex float quotient as the host's __divsc3 gives it: (ac + bd) /
 * (c² + d²) and (bc - ad) / (c² + d²) in double, rounded to float. Here
 * the sums of products are float pairs, which hold them as a double does
 * (each product exactly), so the quotients agree but where a double's
 * rounding lands within 2^-28 ulp of halfway between two floats. Where a
 * pair's products would leave the float range (c² + d² beyond 2^±100,
 * |a| or |b| from 2^60), Smith's method in float, as for doubles. */
static Parts divide_float(Emitter *e, const Type *s, Parts x, Parts y, SrcLoc loc) {
    uint32_t zero = const_scalar(e, s, 0), b = x.im ? x.im : zero, neg_a = negate(e, s, x.re);
    uint32_t d_hi, d_lo, re_hi, re_lo, im_hi, im_lo;
    sum_of_products(e, s, y.re, y.re, y.im, y.im, &d_hi, &d_lo, loc);
    sum_of_products(e, s, x.re, y.re, b, y.im, &re_hi, &re_lo, loc);
    sum_of_products(e, s, b, y.re, neg_a, y.im, &im_hi, &im_lo, loc);
    Parts pair = {pair_quotient(e, s, re_hi, re_lo, d_hi, d_lo, loc),
                  pair_quotient(e, s, im_hi, im_lo, d_hi, d_lo, loc)};
    Parts smith = divide(e, s, x, y, loc);
    uint32_t bools = spv_type_bool(&e->b), big = const_scalar(e, s, 0x1p60);
    uint32_t in_range = em_op2(e, SpvOpFOrdLessThan, bools, d_hi, const_scalar(e, s, 0x1p100));
    in_range = em_op2(e, SpvOpLogicalAnd, bools, in_range,
                      em_op2(e, SpvOpFOrdGreaterThan, bools, d_hi, const_scalar(e, s, 0x1p-100)));
    uint32_t small_a = em_op2(e, SpvOpFOrdLessThan, bools, magnitude(e, s, x.re), big);
    uint32_t small_b = em_op2(e, SpvOpFOrdLessThan, bools, magnitude(e, s, b), big);
    in_range = em_op2(e, SpvOpLogicalAnd, bools, in_range, em_op2(e, SpvOpLogicalAnd, bools, small_a, small_b));
    return (Parts){select_value(e, s, in_range, pair.re, smith.re), select_value(e, s, in_range, pair.im, smith.im)};
}

uint32_t complex_arith(Emitter *e, Op op, const Type *t, uint32_t a, const Type *at, uint32_t b, const Type *bt,
                       SrcLoc loc) {
    const Type *s = t->base;
    Parts x = parts_of(e, t, a, at, loc), y = parts_of(e, t, b, bt, loc), r = {0};
    switch (op) {
    case OP_ADD: case OP_SUB:
        r.re = step(e, op, s, x.re, y.re, loc);
        r.im = x.im && y.im ? step(e, op, s, x.im, y.im, loc)
               : x.im       ? x.im
               : op == OP_SUB ? negate(e, s, y.im) : y.im;
        break;
    case OP_MUL:
        if (!x.im || !y.im) { /* by a real: each part scaled */
            uint32_t k = x.im ? y.re : x.re;
            Parts z = x.im ? x : y;
            r = (Parts){step(e, OP_MUL, s, z.re, k, loc), step(e, OP_MUL, s, z.im, k, loc)};
        } else {
            r.re = step(e, OP_SUB, s, step(e, OP_MUL, s, x.re, y.re, loc), step(e, OP_MUL, s, x.im, y.im, loc), loc);
            r.im = step(e, OP_ADD, s, step(e, OP_MUL, s, x.re, y.im, loc), step(e, OP_MUL, s, x.im, y.re, loc), loc);
        }
        break;
    case OP_DIV:
        if (!y.im) r = (Parts){step(e, OP_DIV, s, x.re, y.re, loc), step(e, OP_DIV, s, x.im, y.re, loc)};
        else r = s->size == 4 ? divide_float(e, s, x, y, loc) : divide(e, s, x, y, loc);
        break;
    default: em_internal(e, loc, "operator on complex values"); return a;
    }
    return complex_value(e, t, r.re, r.im);
}

uint32_t complex_equal(Emitter *e, uint32_t a, const Type *at, uint32_t b, const Type *bt, SrcLoc loc) {
    const Type *t = is_complex(at) ? at : bt;
    Parts x = parts_of(e, t, a, at, loc), y = parts_of(e, t, b, bt, loc);
    uint32_t bools = spv_type_bool(&e->b), zero = const_scalar(e, t->base, 0);
    uint32_t re = em_op2(e, SpvOpFOrdEqual, bools, x.re, y.re);
    uint32_t im = em_op2(e, SpvOpFOrdEqual, bools, x.im ? x.im : zero, y.im ? y.im : zero);
    return em_op2(e, SpvOpLogicalAnd, bools, re, im);
}

uint32_t complex_to_bool(Emitter *e, const Type *t, uint32_t v) {
    uint32_t bools = spv_type_bool(&e->b), zero = const_scalar(e, t->base, 0);
    uint32_t re = em_op2(e, SpvOpFUnordNotEqual, bools, part_of(e, t, v, 0), zero);
    return em_op2(e, SpvOpLogicalOr, bools, re, em_op2(e, SpvOpFUnordNotEqual, bools, part_of(e, t, v, 1), zero));
}

uint32_t complex_convert(Emitter *e, uint32_t v, const Type *from, const Type *to, SrcLoc loc) {
    if (to->kind == TY_BOOL) return from_bool(e, to, complex_to_bool(e, from, v));
    if (is_complex(from)) return convert(e, part_of(e, from, v, 0), from->base, to, loc); /* the real part */
    return complex_value(e, to, convert(e, v, from, to->base, loc), const_scalar(e, to->base, 0));
}

uint32_t complex_conjugate(Emitter *e, const Type *t, uint32_t v) {
    return complex_value(e, t, part_of(e, t, v, 0), negate(e, t->base, part_of(e, t, v, 1)));
}
