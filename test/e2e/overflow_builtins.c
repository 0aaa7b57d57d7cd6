// needs: shaderInt64 shaderInt16 shaderInt8
/* clang's checked arithmetic in kernels (saturating Q15 code, hashes with
 * overflow checks): the typed __builtin_sadd_overflow ... umulll_overflow,
 * the generic __builtin_add_overflow, sub and mul on operands of the
 * result's type or of at most 32 bits into a result of at most 32
 * (int16_t, uint8_t, int into short), and __builtin_clrsb; each thread's
 * results against the host's own builtins on the same operands. */
#include <camp.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#define N 64
#define K 23 /* results a thread makes */

static const int32_t edges[8] = {0, 1, -1, INT32_MAX, INT32_MIN, 46341, -46341, 65535};

static int32_t operand(int i, int which) restrict(cpu, amp) {
    if (i < 8 && which == 0) return edges[i];
    if (i < 8) return edges[(i * 5 + 3) % 8];
    uint32_t h = (uint32_t)i * 2654435761u + (uint32_t)which * 40503u;
    h ^= h >> 13;
    return (int32_t)(h * 2246822519u) >> (i % 24);
}

static int16_t qadd16(int16_t a, int16_t b) restrict(cpu, amp) {
    int16_t r;
    if (__builtin_add_overflow(a, b, &r)) return a < 0 ? INT16_MIN : INT16_MAX;
    return r;
}

static void results(int i, long long *out) restrict(cpu, amp) {
    int32_t a = operand(i, 0), b = operand(i, 1);
    int r32;
    unsigned u32;
    long l;
    unsigned long long u64;
    long long s64;
    short s16;
    uint8_t u8;
    int k = 0;
    out[k++] = __builtin_sadd_overflow(a, b, &r32) * 1000000000000LL + r32;
    out[k++] = __builtin_ssub_overflow(a, b, &r32) * 1000000000000LL + r32;
    out[k++] = __builtin_smul_overflow(a, b, &r32) * 1000000000000LL + r32;
    out[k++] = __builtin_uadd_overflow((unsigned)a, (unsigned)b, &u32) * 10000000000LL + u32;
    out[k++] = __builtin_usub_overflow((unsigned)a, (unsigned)b, &u32) * 10000000000LL + u32;
    out[k++] = __builtin_umul_overflow((unsigned)a, (unsigned)b, &u32) * 10000000000LL + u32;
    long la = (long)((unsigned long)a * 4294967311ul), lb = (long)b * 65599L; /* 64-bit operands near the limits */
    out[k++] = __builtin_saddl_overflow(la, lb, &l) + 2 * (l >> 1);
    out[k++] = __builtin_smull_overflow(la, lb, &l) + 2 * (l >> 1);
    out[k++] = __builtin_ssubll_overflow((long long)la, (long long)lb, &s64) + 2 * (s64 >> 1);
    out[k++] = __builtin_smulll_overflow((long long)la, (long long)b, &s64) + 2 * (s64 >> 1);
    out[k++] = __builtin_umulll_overflow((unsigned long long)la, (unsigned long long)lb, &u64) + (long long)(u64 & ~1ull);
    out[k++] = __builtin_uaddll_overflow((unsigned long long)la, (unsigned long long)lb, &u64) + (long long)(u64 & ~1ull);
    out[k++] = __builtin_add_overflow(a, b, &r32) * 1000000000000LL + r32; /* generic, one type */
    out[k++] = __builtin_mul_overflow(la, lb, &l) + 2 * (l >> 1);
    out[k++] = __builtin_sub_overflow((unsigned long long)la, (unsigned long long)lb, &u64) + (long long)(u64 & ~1ull);
    out[k++] = __builtin_add_overflow(a, b, &s16) * 100000 + s16; /* generic, into a narrower result */
    out[k++] = __builtin_mul_overflow((int16_t)a, (int16_t)b, &s16) * 100000 + s16;
    out[k++] = __builtin_sub_overflow((uint8_t)a, b, &u8) * 1000 + u8;
    out[k++] = __builtin_mul_overflow((unsigned)a, (unsigned)b, &s16) * 100000 + s16;
    out[k++] = qadd16((int16_t)a, (int16_t)b);
    out[k++] = __builtin_clrsb(a) * 100 + __builtin_clrsb(b);
    out[k++] = __builtin_clrsbll(la) * 100 + __builtin_clrsbl(lb);
    out[k++] = __builtin_clrsbll(0) * 100 + __builtin_clrsb(-1);
}

int main(void) {
    static long long got[N][K];
    parallel_for_each(i, extent(N)) { results(i, got[i]); }
    int bad = 0;
    long long sum = 0;
    for (int i = 0; i < N; i++) {
        long long want[K];
        results(i, want);
        for (int k = 0; k < K; k++) {
            if (got[i][k] != want[k] && bad++ < 8) printf("thread %d, result %d: %lld, want %lld\n", i, k, got[i][k], want[k]);
            sum += want[k] % 1000003;
        }
    }
    printf("%d wrong, checksum %lld\n", bad, sum);
    return bad != 0;
}
