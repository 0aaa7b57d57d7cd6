/* camp_bits.h — clang's bit builtins in amp code. In kernels campcc maps
 * __builtin_popcount, __builtin_clz, __builtin_ctz, __builtin_ffs and
 * __builtin_parity, with their l and ll forms, to camp_builtin_<name>
 * below: plain C over three device instructions on 32-bit values (Vulkan's
 * bit instructions take no wider ones): camp_bit_count (OpBitCount),
 * camp_find_msb (GLSL.std.450 FindUMsb) and camp_find_lsb (FindILsb), whose
 * bodies here serve the host. As in C, clz and ctz of 0 are undefined
 * (here: 32 or 64, and -1). The serial reference mode calls clang's own. */
/* restrict(cpu, amp): camp.h, which includes this header in its turn (then
 * this include does nothing) */
#include "camp.h"
#ifndef CAMP_BITS_H
#define CAMP_BITS_H

/* the device instructions (their host forms) */
static inline int camp_bit_count(unsigned x) restrict(cpu, amp) { return __builtin_popcount(x); }
static inline int camp_find_msb(unsigned x) restrict(cpu, amp) { return x ? 31 - __builtin_clz(x) : -1; }
static inline int camp_find_lsb(unsigned x) restrict(cpu, amp) { return x ? __builtin_ctz(x) : -1; }

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
/* long is long long's width on the LP64 hosts campcc targets */
static inline int camp_builtin_popcountl(unsigned long x) restrict(cpu, amp) { return camp_builtin_popcountll(x); }
static inline int camp_builtin_clzl(unsigned long x) restrict(cpu, amp) { return camp_builtin_clzll(x); }
static inline int camp_builtin_ctzl(unsigned long x) restrict(cpu, amp) { return camp_builtin_ctzll(x); }
static inline int camp_builtin_ffsl(long x) restrict(cpu, amp) { return camp_builtin_ffsll(x); }
static inline int camp_builtin_parityl(unsigned long x) restrict(cpu, amp) { return camp_builtin_parityll(x); }

#endif /* CAMP_BITS_H */
