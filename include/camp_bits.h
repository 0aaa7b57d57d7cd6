/* camp_bits.h — clang's bit builtins in amp code. In kernels campcc maps
 * __builtin_popcount, __builtin_clz, __builtin_ctz, __builtin_ffs and
 * __builtin_parity, with their l and ll forms, to camp_builtin_<name>
 * below, and __builtin_bitreverse8 to 64: plain C over four device
 * instructions on 32-bit values (Vulkan's bit instructions take no wider
 * ones): camp_bit_count (OpBitCount), camp_find_msb (GLSL.std.450
 * FindUMsb), camp_find_lsb (FindILsb) and camp_bit_reverse (OpBitReverse),
 * whose bodies here serve the host. As in C, clz and ctz of 0 are undefined
 * (here: 32 or 64, and -1). So are the byte swaps (__builtin_bswap16, 32
 * and 64), the rotations (__builtin_rotateleft and rotateright of 8 to 64
 * bits) and __builtin_expect, which hashing and decoding code uses where
 * __has_builtin says they exist: plain C. The serial reference mode calls
 * clang's own. */
/* restrict(cpu, amp): camp.h, which includes this header in its turn (then
 * this include does nothing) */
#include "camp.h"
#ifndef CAMP_BITS_H
#define CAMP_BITS_H

/* the device instructions (their host forms) */
static inline int camp_bit_count(unsigned x) restrict(cpu, amp) { return __builtin_popcount(x); }
static inline int camp_find_msb(unsigned x) restrict(cpu, amp) { return x ? 31 - __builtin_clz(x) : -1; }
static inline int camp_find_lsb(unsigned x) restrict(cpu, amp) { return x ? __builtin_ctz(x) : -1; }
static inline unsigned camp_bit_reverse(unsigned x) restrict(cpu, amp) { return __builtin_bitreverse32(x); }

static inline int camp_builtin_popcount(unsigned x) restrict(cpu, amp) { return camp_bit_count(x); }
static inline int camp_builtin_popcountll(unsigned long long x) restrict(cpu, amp) {
    return camp_bit_count((unsigned)x) + camp_bit_count((unsigned)(x >> 32));
}
static inline int camp_builtin_clz(unsigned x) restrict(cpu, amp) { return 31 - camp_find_msb(x); }
static inline int camp_builtin_clzll(unsigned long long x) restrict(cpu, amp) {
    unsigned high = (unsigned)(x >> 32);
    return high ? 31 - camp_find_msb(high) : 63 - camp_find_msb((unsigned)x);
}
static inline int camp_builtin_ctz(unsigned x) restrict(cpu, amp) { return camp_find_lsb(x); }
static inline int camp_builtin_ctzll(unsigned long long x) restrict(cpu, amp) {
    unsigned low = (unsigned)x;
    return low ? camp_find_lsb(low) : 32 + camp_find_lsb((unsigned)(x >> 32));
}
static inline int camp_builtin_ffs(int x) restrict(cpu, amp) { return x ? camp_find_lsb((unsigned)x) + 1 : 0; }
static inline int camp_builtin_ffsll(long long x) restrict(cpu, amp) {
    return x ? camp_builtin_ctzll((unsigned long long)x) + 1 : 0;
}
static inline int camp_builtin_parity(unsigned x) restrict(cpu, amp) { return camp_bit_count(x) & 1; }
static inline int camp_builtin_parityll(unsigned long long x) restrict(cpu, amp) {
    return camp_builtin_popcountll(x) & 1;
}
static inline unsigned char camp_builtin_bitreverse8(unsigned char x) restrict(cpu, amp) {
    return (unsigned char)(camp_bit_reverse(x) >> 24);
}
static inline unsigned short camp_builtin_bitreverse16(unsigned short x) restrict(cpu, amp) {
    return (unsigned short)(camp_bit_reverse(x) >> 16);
}
static inline unsigned camp_builtin_bitreverse32(unsigned x) restrict(cpu, amp) { return camp_bit_reverse(x); }
static inline unsigned long long camp_builtin_bitreverse64(unsigned long long x) restrict(cpu, amp) {
    return (unsigned long long)camp_bit_reverse((unsigned)x) << 32 | camp_bit_reverse((unsigned)(x >> 32));
}
/* long is long long's width on the LP64 hosts campcc targets */
static inline int camp_builtin_popcountl(unsigned long x) restrict(cpu, amp) { return camp_builtin_popcountll(x); }
static inline int camp_builtin_clzl(unsigned long x) restrict(cpu, amp) { return camp_builtin_clzll(x); }
static inline int camp_builtin_ctzl(unsigned long x) restrict(cpu, amp) { return camp_builtin_ctzll(x); }
static inline int camp_builtin_ffsl(long x) restrict(cpu, amp) { return camp_builtin_ffsll(x); }
static inline int camp_builtin_parityl(unsigned long x) restrict(cpu, amp) { return camp_builtin_parityll(x); }

/* byte swaps, rotations (by any count, as clang's: modulo the width) and branch hints */
/* a sum, not x >> 8 | x << 8: NVIDIA's driver (580) turns a 16-bit value's
 * bytes swapped with | or ^ into 0 (dialect.md §8.1) */
static inline unsigned short camp_builtin_bswap16(unsigned short x) restrict(cpu, amp) {
    return (unsigned short)((x >> 8) + ((x & 0xffu) << 8));
}
static inline unsigned camp_builtin_bswap32(unsigned x) restrict(cpu, amp) {
    return x >> 24 | (x >> 8 & 0xff00u) | (x << 8 & 0xff0000u) | x << 24;
}
static inline unsigned long camp_builtin_bswap64(unsigned long x) restrict(cpu, amp) {
    return (unsigned long)camp_builtin_bswap32((unsigned)x) << 32 | camp_builtin_bswap32((unsigned)(x >> 32));
}
#define CAMP_BITS_ROTATIONS(bits, T)                                                                           \
    static inline T camp_builtin_rotateleft##bits(T x, T n) restrict(cpu, amp) {                               \
        return (T)(x << (n & (bits - 1)) | x >> (-n & (bits - 1)));                                           \
    }                                                                                                          \
    static inline T camp_builtin_rotateright##bits(T x, T n) restrict(cpu, amp) {                              \
        return (T)(x >> (n & (bits - 1)) | x << (-n & (bits - 1)));                                           \
    }
CAMP_BITS_ROTATIONS(8, unsigned char)
CAMP_BITS_ROTATIONS(16, unsigned short)
CAMP_BITS_ROTATIONS(32, unsigned)
CAMP_BITS_ROTATIONS(64, unsigned long)
#undef CAMP_BITS_ROTATIONS
/* leading redundant sign bits: clang's clrsb, which normalizing Q31 values uses */
static inline int camp_builtin_clrsb(int x) restrict(cpu, amp) { return camp_builtin_clz((unsigned)(x ^ (x >> 31))) - 1; }
static inline int camp_builtin_clrsbll(long long x) restrict(cpu, amp) {
    return camp_builtin_clzll((unsigned long long)(x ^ (x >> 63))) - 1;
}
static inline int camp_builtin_clrsbl(long x) restrict(cpu, amp) { return camp_builtin_clrsbll(x); }

/* Checked arithmetic: clang's typed __builtin_sadd_overflow ... umulll_overflow;
 * the generic __builtin_add_overflow, sub and mul where both operands have the
 * result's type (campcc picks the typed form). The wrapped result is stored,
 * and whether it overflowed returned. */
#define CAMP_BITS_OVERFLOW(s, S, U)                                                                          \
    /* whether a * b wraps, by half-width limbs: no division (NVIDIA's compiler (580) failed on a kernel  \
     * dividing both 32- and 64-bit values so) */                                                         \
    static inline _Bool camp_bits_umul_wraps##s(U a, U b) restrict(cpu, amp) {                                  \
        const int half = (int)(sizeof(U) * 4);                                                                 \
        U mask = ((U)1 << half) - 1, a0 = a & mask, a1 = a >> half, b0 = b & mask, b1 = b >> half, t, low;      \
        if (a1 && b1) return 1;                                                                                \
        t = a1 * b0 + a0 * b1; /* one of the two is 0 */                                                       \
        if (t >> half) return 1;                                                                               \
        low = a0 * b0;                                                                                         \
        return (U)(t << half) + low < low;                                                                     \
    }                                                                                                          \
    static inline _Bool camp_builtin_sadd##s##_overflow(S a, S b, S *r) restrict(cpu, amp) {                    \
        *r = (S)((U)a + (U)b);                                                                                 \
        return ((a ^ *r) & (b ^ *r)) < 0;                                                                      \
    }                                                                                                          \
    static inline _Bool camp_builtin_ssub##s##_overflow(S a, S b, S *r) restrict(cpu, amp) {                    \
        *r = (S)((U)a - (U)b);                                                                                 \
        return ((a ^ b) & (a ^ *r)) < 0;                                                                       \
    }                                                                                                          \
    static inline _Bool camp_builtin_uadd##s##_overflow(U a, U b, U *r) restrict(cpu, amp) {                    \
        *r = a + b;                                                                                            \
        return *r < a;                                                                                         \
    }                                                                                                          \
    static inline _Bool camp_builtin_usub##s##_overflow(U a, U b, U *r) restrict(cpu, amp) {                    \
        *r = a - b;                                                                                            \
        return a < b;                                                                                          \
    }                                                                                                          \
    static inline _Bool camp_builtin_umul##s##_overflow(U a, U b, U *r) restrict(cpu, amp) {                    \
        *r = a * b;                                                                                            \
        return camp_bits_umul_wraps##s(a, b);                                                                  \
    }                                                                                                          \
    static inline _Bool camp_builtin_smul##s##_overflow(S a, S b, S *r) restrict(cpu, amp) {                    \
        U ua = a < 0 ? (U)0 - (U)a : (U)a, ub = b < 0 ? (U)0 - (U)b : (U)b, p = ua * ub;                        \
        U most = ((U)-1 >> 1) + (U)((a < 0) != (b < 0)); /* |product| allowed: MAX, or -MIN */                   \
        _Bool wrapped = camp_bits_umul_wraps##s(ua, ub);                                                       \
        *r = (S)((U)a * (U)b);                                                                                 \
        return wrapped || p > most;                                                                            \
    }
/* results of at most 32 bits from operands of at most 32: exact in 64 bits
 * (a product of two such operands past LLONG_MAX only when both are positive) */
#define CAMP_BITS_NARROW_OVERFLOW(suffix, R)                                                                     \
    static inline _Bool camp_builtin_add_overflow_##suffix(long long a, long long b, R *r) restrict(cpu, amp) {  \
        *r = (R)(a + b);                                                                                       \
        return (long long)*r != a + b;                                                                         \
    }                                                                                                          \
    static inline _Bool camp_builtin_sub_overflow_##suffix(long long a, long long b, R *r) restrict(cpu, amp) {  \
        *r = (R)(a - b);                                                                                       \
        return (long long)*r != a - b;                                                                         \
    }                                                                                                          \
    static inline _Bool camp_builtin_mul_overflow_##suffix(long long a, long long b, R *r) restrict(cpu, amp) {  \
        unsigned long long p = (unsigned long long)a * (unsigned long long)b;                                  \
        *r = (R)p;                                                                                             \
        if (a > 0 && b > 0 && p > 0x7fffffffffffffffull) return 1;                                            \
        return (long long)*r != (long long)p;                                                                  \
    }
CAMP_BITS_NARROW_OVERFLOW(s8, signed char)
CAMP_BITS_NARROW_OVERFLOW(u8, unsigned char)
CAMP_BITS_NARROW_OVERFLOW(s16, short)
CAMP_BITS_NARROW_OVERFLOW(u16, unsigned short)
CAMP_BITS_NARROW_OVERFLOW(s32, int)
CAMP_BITS_NARROW_OVERFLOW(u32, unsigned)
#undef CAMP_BITS_NARROW_OVERFLOW
CAMP_BITS_OVERFLOW(, int, unsigned)
CAMP_BITS_OVERFLOW(l, long, unsigned long)
CAMP_BITS_OVERFLOW(ll, long long, unsigned long long)
#undef CAMP_BITS_OVERFLOW

static inline long camp_builtin_expect(long x, long expected) restrict(cpu, amp) { return (void)expected, x; }
static inline long camp_builtin_expect_with_probability(long x, long expected, double p) restrict(cpu, amp) {
    return (void)expected, (void)p, x;
}

#endif /* CAMP_BITS_H */
