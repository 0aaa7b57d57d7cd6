// needs: shaderInt64 shaderInt16 shaderInt8
/* The builtins hashing and decoding code reaches for where __has_builtin
 * says they exist: byte swaps, bit reversals, rotations of 8 to 64 bits by any count,
 * __builtin_expect; a type-generic macro choosing among builtins with
 * _Generic, and a builtin named in parentheses. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

#define N 64
#define popcount(x) _Generic((x), unsigned: __builtin_popcount, unsigned long: __builtin_popcountl)(x)

uint32_t a32[N], o32[N], o32b[N];
uint64_t a64[N], o64[N], o64b[N];
uint16_t a16[N], o16[N], o16b[N];
uint8_t a8[N], o8[N];
int counts[N];

int main(void) {
#if __has_builtin(__builtin_rotateleft32) && __has_builtin(__builtin_bswap64)
    for (int i = 0; i < N; i++) {
        a32[i] = 0x9E3779B9u * (uint32_t)(i + 1);
        a64[i] = 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1);
        a16[i] = (uint16_t)(a32[i] >> 7);
        a8[i] = (uint8_t)(a32[i] >> 3);
    }
    parallel_for_each(i, extent(N)) {
        o32[i] = __builtin_bswap32(a32[i]) ^ __builtin_rotateleft32(a32[i], (uint32_t)i);
        o32b[i] = __builtin_rotateright32(a32[i], (uint32_t)(i * 7)) ^ __builtin_bitreverse32(a32[i]);
        o64[i] = __builtin_bswap64(a64[i]) + __builtin_rotateleft64(a64[i], (uint64_t)i);
        o64b[i] = __builtin_rotateright64(a64[i], (uint64_t)(70 - i)) ^ __builtin_bitreverse64(a64[i]);
        o16[i] = __builtin_bswap16(a16[i]);
        o16b[i] = __builtin_rotateleft16(a16[i], (uint16_t)i) ^ __builtin_bitreverse16(a16[i]);
        o8[i] = __builtin_rotateright8(a8[i], (uint8_t)i) ^ __builtin_bitreverse8(a8[i]);
        int c = popcount(a64[i]) + popcount(a32[i]) + (__builtin_popcount)(o32[i]);
        if (__builtin_expect(a32[i] > 100u, 1)) c += 1000;
        counts[i] = c;
    }
    uint64_t h = 0;
    for (int i = 0; i < N; i++)
        h = h * 31 + o32[i] + o32b[i] + o64[i] + o64b[i] + o16[i] + o16b[i] + o8[i] + (uint64_t)counts[i];
    printf("%016llx %08x %016llx %04x %02x %d\n", (unsigned long long)h, o32[5], (unsigned long long)o64b[9], o16b[3],
           o8[7], counts[11]);
#endif
    return 0;
}
