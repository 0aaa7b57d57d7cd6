/* camp_math/direct3d.h — C++ AMP's concurrency::direct3d intrinsics (HLSL's)
 * as direct3d_<name>: direct3d_mad, direct3d_clamp, direct3d_saturate, ...
 * (the prefix keeps them clear of names a C program may have: sign, step,
 * clamp). Where C++ AMP overloads one (clamp, mad, sign), so does this
 * header, with clang's overloadable attribute; pass arguments of one type
 * (`direct3d_clamp(x, 0.0f, 1.0f)`: a float and two ints match no overload
 * better than the others).
 *
 * In kernels campcc makes the camp_d3d_* functions below one SPIR-V
 * instruction each (compiler/frontend/frontend_math.c); their bodies are
 * the host's forms, with the instructions' semantics. The others are C in
 * both places. Semantics, the same on the host and on every device, but
 * where noted (docs/math.md has the table):
 *
 * - clamp(float), saturate: GLSL.std.450 NClamp, max then min with a NaN
 *   operand losing: clamp(NaN, lo, hi) = lo and saturate(NaN) = 0, as
 *   Direct3D's min and max give. A zero result's sign where x and a bound
 *   are zeros of opposite signs: either. lo > hi: unspecified.
 * - clamp(int): SClamp (lo > hi: unspecified); imax, imin, umax, umin:
 *   SMax, SMin, UMax, UMin.
 * - mad(float, double): Fma, which Vulkan lets the device fuse or not, as
 *   HLSL's mad; mad(int, unsigned): x*y + z wrapping around.
 * - countbits: OpBitCount. firstbitlow: FindILsb, -1 for 0. firstbithigh:
 *   FindSMsb, the highest bit that differs from the sign bit (for x >= 0
 *   the highest set bit), -1 for 0 and -1. reversebits: OpBitReverse.
 * - sign(int): SSign. sign(float): -1, 0 or 1 as an int, 0 for +-0 and
 *   NaN (two comparisons: FSign leaves NaN unspecified).
 * - step(y, x): x >= y ? 1 : 0, so 0 when either is NaN (HLSL's
 *   definition; GLSL's Step is "0 if x < y", which makes NaN 1).
 * - smoothstep(lo, hi, x): t = saturate((x - lo)/(hi - lo)), t*t*(3 - 2t):
 *   0 at and below lo and for NaN, 1 at and above hi (lo < hi). The
 *   device's division may be 2.5 ulps off (Vulkan), the result then a few
 *   ulps; the host's is correctly rounded.
 * - rcp: 1/x, the device's division (within 2.5 ulps for |x| in
 *   [2^-126, 2^126]); radians: x times pi/180 rounded to float, one
 *   correctly rounded multiplication; abs: <stdlib.h>'s abs (abs(INT_MIN)
 *   is INT_MIN). */
/* restrict(cpu, amp): camp.h, which includes this header in its turn (then
 * this include does nothing) */
#include "camp.h"
#ifndef CAMP_MATH_DIRECT3D_H
#define CAMP_MATH_DIRECT3D_H

#define CAMP_D3D_OVERLOADABLE_ __attribute__((overloadable))

/* ---- the device instructions (their host forms) ---------------------------------- */

/* NMax, NMin: a NaN operand loses to the other */
static inline float camp_d3d_nmax(float a, float b) restrict(cpu, amp) {
    return a != a ? b : b != b ? a : a > b ? a : b;
}
static inline float camp_d3d_nmin(float a, float b) restrict(cpu, amp) {
    return a != a ? b : b != b ? a : a < b ? a : b;
}
static inline float camp_d3d_nclamp(float x, float lo, float hi) restrict(cpu, amp) {
    return camp_d3d_nmin(camp_d3d_nmax(x, lo), hi);
}
static inline int camp_d3d_smax(int a, int b) restrict(cpu, amp) { return a > b ? a : b; }
static inline int camp_d3d_smin(int a, int b) restrict(cpu, amp) { return a < b ? a : b; }
static inline unsigned camp_d3d_umax(unsigned a, unsigned b) restrict(cpu, amp) { return a > b ? a : b; }
static inline unsigned camp_d3d_umin(unsigned a, unsigned b) restrict(cpu, amp) { return a < b ? a : b; }
static inline int camp_d3d_sclamp(int x, int lo, int hi) restrict(cpu, amp) {
    return camp_d3d_smin(camp_d3d_smax(x, lo), hi);
}
/* Fma: the device may fuse it or not; the host compiler as C lets it */
static inline float camp_d3d_fmaf(float x, float y, float z) restrict(cpu, amp) { return x * y + z; }
static inline double camp_d3d_fma(double x, double y, double z) restrict(cpu, amp) { return x * y + z; }
static inline int camp_d3d_find_smsb(int x) restrict(cpu, amp) {
    return camp_find_msb(x < 0 ? ~(unsigned)x : (unsigned)x);
}
static inline int camp_d3d_ssign(int x) restrict(cpu, amp) { return (x > 0) - (x < 0); }
static inline unsigned camp_d3d_bit_reverse(unsigned x) restrict(cpu, amp) {
    x = (x >> 16) | (x << 16);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    return ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
}

/* ---- direct3d_<name> ---------------------------------------------------------------- */

static inline int direct3d_abs(int x) restrict(cpu, amp) { return camp_precise_abs(x); }
static inline float CAMP_D3D_OVERLOADABLE_ direct3d_clamp(float x, float lo, float hi) restrict(cpu, amp) {
    return camp_d3d_nclamp(x, lo, hi);
}
static inline int CAMP_D3D_OVERLOADABLE_ direct3d_clamp(int x, int lo, int hi) restrict(cpu, amp) {
    return camp_d3d_sclamp(x, lo, hi);
}
static inline unsigned direct3d_countbits(unsigned x) restrict(cpu, amp) { return (unsigned)camp_bit_count(x); }
static inline int direct3d_firstbithigh(int x) restrict(cpu, amp) { return camp_d3d_find_smsb(x); }
static inline int direct3d_firstbitlow(int x) restrict(cpu, amp) { return camp_find_lsb((unsigned)x); }
static inline int direct3d_imax(int x, int y) restrict(cpu, amp) { return camp_d3d_smax(x, y); }
static inline int direct3d_imin(int x, int y) restrict(cpu, amp) { return camp_d3d_smin(x, y); }
static inline unsigned direct3d_umax(unsigned x, unsigned y) restrict(cpu, amp) { return camp_d3d_umax(x, y); }
static inline unsigned direct3d_umin(unsigned x, unsigned y) restrict(cpu, amp) { return camp_d3d_umin(x, y); }
static inline float CAMP_D3D_OVERLOADABLE_ direct3d_mad(float x, float y, float z) restrict(cpu, amp) {
    return camp_d3d_fmaf(x, y, z);
}
static inline double CAMP_D3D_OVERLOADABLE_ direct3d_mad(double x, double y, double z) restrict(cpu, amp) {
    return camp_d3d_fma(x, y, z);
}
static inline int CAMP_D3D_OVERLOADABLE_ direct3d_mad(int x, int y, int z) restrict(cpu, amp) {
    return (int)((unsigned)x * (unsigned)y + (unsigned)z);
}
static inline unsigned CAMP_D3D_OVERLOADABLE_ direct3d_mad(unsigned x, unsigned y, unsigned z) restrict(cpu, amp) {
    return x * y + z;
}
static inline float direct3d_radians(float x) restrict(cpu, amp) { return x * 0x1.1df46ap-6f; /* pi/180 */ }
static inline float direct3d_rcp(float x) restrict(cpu, amp) { return 1.0f / x; }
static inline unsigned direct3d_reversebits(unsigned x) restrict(cpu, amp) { return camp_d3d_bit_reverse(x); }
static inline float direct3d_saturate(float x) restrict(cpu, amp) { return camp_d3d_nclamp(x, 0.0f, 1.0f); }
static inline int CAMP_D3D_OVERLOADABLE_ direct3d_sign(int x) restrict(cpu, amp) { return camp_d3d_ssign(x); }
static inline int CAMP_D3D_OVERLOADABLE_ direct3d_sign(float x) restrict(cpu, amp) { return (x > 0.0f) - (x < 0.0f); }
static inline float direct3d_smoothstep(float lo, float hi, float x) restrict(cpu, amp) {
    float t = direct3d_saturate((x - lo) / (hi - lo));
    return t * t * (3.0f - 2.0f * t);
}
static inline float direct3d_step(float y, float x) restrict(cpu, amp) { return x >= y ? 1.0f : 0.0f; }

#endif /* CAMP_MATH_DIRECT3D_H */
