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
static inline long camp_builtin_expect(long x, long expected) restrict(cpu, amp) { return (void)expected, x; }
static inline long camp_builtin_expect_with_probability(long x, long expected, double p) restrict(cpu, amp) {
    return (void)expected, (void)p, x;
}

#endif /* CAMP_BITS_H */
