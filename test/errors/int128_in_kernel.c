// `unsigned __int128` (the high half of a 64-bit product, as hashing code
// writes it) is not an amp type: one error for the kernel, not one per
// operand of the expression, with what to write instead.
// expect-error: 14:27: type 'unsigned __int128' is not supported in amp code: its integers are at most 64 bits (keep a wider value as two uint64_t halves)
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
    static uint64_t h[4] = {1ULL << 63, 12345678901234567ULL, ~0ULL, 42}, r[4];
    uint64_t n = 1000;
    parallel_for_each(i, extent(4)) {
        uint64_t x = h[i];
        r[i] = (uint64_t)(((unsigned __int128)x * n) >> 64);
    }
    printf("%llu\n", (unsigned long long)r[0]);
    return 0;
}
