/* spv_half.c — half widened to float by integer arithmetic. A half that a
 * kernel rounded from float and widens again (`(half)(a * a) - 1`, or a
 * half variable assigned a float chain and read in another) is, in SPIR-V,
 * OpFConvert to 16 bits and back: NVIDIA's compiler folds that pair away
 * and so drops the rounding C asks for (measured on an H100, driver
 * 580.159.04: 30 of 64 results one unit in the last place off). Built from
 * the half's bits instead, the float is exact and nothing can be folded:
 * the exponent and significand shifted into a float's places and scaled by
 * 2^112 (exact for normal and subnormal halves alike), infinities and NaNs
 * set apart, the sign put back. A half converted to an integer is widened
 * so first: Mesa 25's lavapipe folds a rounding to half into the
 * conversion to int after it. A half loaded from a view or a capture is
 * widened by OpFConvert (spv_expr.c): no rounding precedes it in the
 * kernel. */
#include "spv_emit.h"

static uint32_t widen_lane(Emitter *e, uint32_t h) {
    SpvBuilder *b = &e->b;
    uint32_t u32 = spv_type_int(b, 32, false), f32 = spv_type_float(b, 32), f16 = spv_type_float(b, 16);
    uint32_t pair = em_op2(e, SpvOpCompositeConstruct, spv_type_vector(b, f16, 2), h, spv_const_bits(b, f16, 0, 16));
    uint32_t bits = em_op1(e, SpvOpBitcast, u32, pair); /* lane 0 in the low 16 bits */
    uint32_t sign = em_op2(e, SpvOpShiftLeftLogical, u32, em_op2(e, SpvOpBitwiseAnd, u32, bits, spv_const_u32(b, 0x8000)),
                           spv_const_u32(b, 16));
    uint32_t magnitude = em_op2(e, SpvOpShiftLeftLogical, u32,
                                em_op2(e, SpvOpBitwiseAnd, u32, bits, spv_const_u32(b, 0x7fff)), spv_const_u32(b, 13));
    float two_112 = 0x1p112f;
    uint32_t two_112_bits;
    __builtin_memcpy(&two_112_bits, &two_112, 4);
    uint32_t scaled = em_op2(e, SpvOpFMul, f32, em_op1(e, SpvOpBitcast, f32, magnitude),
                             spv_const_bits(b, f32, two_112_bits, 32));
    uint32_t exponent = em_op2(e, SpvOpBitwiseAnd, u32, bits, spv_const_u32(b, 0x7c00));
    uint32_t special = em_op2(e, SpvOpIEqual, spv_type_bool(b), exponent, spv_const_u32(b, 0x7c00));
    uint32_t inf_nan = em_op2(e, SpvOpBitwiseOr, u32, magnitude, spv_const_u32(b, 0x7f800000));
    uint32_t chosen = spv_new_id(b);
    SPV_OP(&e->code, SpvOpSelect, u32, chosen, special, inf_nan, em_op1(e, SpvOpBitcast, u32, scaled));
    return em_op1(e, SpvOpBitcast, f32, em_op2(e, SpvOpBitwiseOr, u32, chosen, sign));
}

uint32_t em_widen_half(Emitter *e, uint32_t v, uint32_t lanes) {
    if (!lanes) return widen_lane(e, v);
    SpvBuilder *b = &e->b;
    uint32_t f16 = spv_type_float(b, 16), wide[4];
    for (uint32_t i = 0; i < lanes; i++) {
        wide[i] = widen_lane(e, em_op2(e, SpvOpCompositeExtract, f16, v, i));
    }
    uint32_t r = spv_new_id(b), ops[6] = {spv_type_vector(b, spv_type_float(b, 32), lanes), r};
    for (uint32_t i = 0; i < lanes; i++) ops[2 + i] = wide[i];
    spv_op(&e->code, SpvOpCompositeConstruct, ops, 2 + (size_t)lanes);
    return r;
}
