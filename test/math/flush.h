/* flush.h — the accuracy test's subnormal mode. Built with
 * -DMATH_FLUSHED_SUBNORMALS=1 (and -ffp-model=strict, so that no
 * floating-point operation moves across an MXCSR write), accuracy.c checks
 * the float forms as a device runs them that flushes float subnormals to
 * zero in every operation, conversions to and from double included (NVIDIA
 * does, whatever DenormPreserve says): while they run, x86's MXCSR has FTZ
 * (results) and DAZ (operands) set, which flushes every SSE float and double
 * operation. The double forms are not checked there: the float forms must
 * not need double subnormals either (float subnormals are normal doubles).
 * Otherwise subnormals are as IEEE 754 has them. */
#ifndef CAMP_MATH_TEST_FLUSH_H
#define CAMP_MATH_TEST_FLUSH_H

#ifndef MATH_FLUSHED_SUBNORMALS
#define MATH_FLUSHED_SUBNORMALS 0
#endif

#if MATH_FLUSHED_SUBNORMALS
#include <xmmintrin.h>

#define MATH_MXCSR_FTZ_DAZ 0x8040u

static inline void math_flush_subnormals(int on) {
    unsigned csr = _mm_getcsr();
    _mm_setcsr(on ? csr | MATH_MXCSR_FTZ_DAZ : csr & ~MATH_MXCSR_FTZ_DAZ);
}
#else
static inline void math_flush_subnormals(int on) { (void)on; }
#endif

/* 1 if the mode is what the build says: a float subnormal converted to
 * double while math_flush_subnormals(1) holds is zero exactly when flushed. */
static inline int math_subnormal_mode_holds(void) {
    volatile float tiny = 0x1p-149f;
    double widened;
    math_flush_subnormals(1);
    widened = tiny;
    math_flush_subnormals(0);
    return (widened == 0.0) == MATH_FLUSHED_SUBNORMALS;
}

#endif /* CAMP_MATH_TEST_FLUSH_H */
