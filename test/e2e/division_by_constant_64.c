// needs: shaderInt64
/* 64-bit division and remainder by constants, which campcc emits as a
 * multiply by the reciprocal: unsigned and signed, negative divisors,
 * compound assignment, `const` variables and a helper's parameter given a
 * constant (constants once optimized), operands at the ends of the range
 * and divisors up to 2^64 - 1, each against the host's own division of
 * the same values. The kernel also draws table indices from a xorshift
 * generator with `x % 61` in a loop, the form one GPU driver divided
 * wrongly. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

#define N 512
#define XS(x) (x ^= x << 13, x ^= x >> 7, x ^= x << 17)

static float table[61];

static uint64_t value_at(int i) restrict(cpu, amp) {
    uint64_t x = 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1);
    XS(x);
    switch (i % 8) { /* the ends of the range too */
    case 0: return x >> (i % 61);
    case 1: return UINT64_MAX - (uint64_t)i;
    case 2: return (uint64_t)INT64_MIN + (uint64_t)i;
    case 3: return (uint64_t)INT64_MAX - (uint64_t)i;
    default: return x;
    }
}

static uint64_t remainder_by(uint64_t x, uint64_t m) restrict(cpu, amp) { return x % m; }

static void divide(uint64_t x, uint64_t *u, int64_t *s) restrict(cpu, amp) {
    const uint64_t prime = 1000000007;
    const int64_t negative = -12345;
    int64_t y = (int64_t)x;
    u[0] = x / 3; u[1] = x % 3; u[2] = x / 7; u[3] = x % 7; u[4] = x / 61; u[5] = x % 61;
    u[6] = x / 1000000007ULL; u[7] = x % 1000000007ULL; u[8] = x / 0x8000000000000001ULL;
    u[9] = x % 0xFFFFFFFFFFFFFFFFULL; u[10] = x / 10 + x % prime; u[11] = x % 0x123456789ULL + remainder_by(x, 61);
    s[0] = y / 3; s[1] = y % 3; s[2] = y / -7; s[3] = y % -7; s[4] = y / 61; s[5] = y % 61;
    s[6] = y / 1000000007LL; s[7] = y % -1000000007LL; s[8] = y / INT64_MAX + y / negative; s[9] = y % INT64_MAX + y % negative;
    int64_t c = y;
    c /= 10;
    c %= 641;
    s[10] = c;
    uint64_t d = x;
    d %= 1000003;
    s[11] = (int64_t)d;
}

static float draw(uint64_t x) restrict(cpu, amp) {
    float sum = 0;
    for (int i = 0; i < 61; i++) {
        XS(x);
        sum += table[(int)(x % 61)];
    }
    return sum;
}

int main(void) {
    static uint64_t u[N][12];
    static int64_t s[N][12];
    static float drawn[N];
    for (int i = 0; i < 61; i++) table[i] = i * 1.5f;
    parallel_for_each(i, extent(N)) {
        divide(value_at(i), u[i], s[i]);
        drawn[i] = draw(value_at(i) | 1);
    }
    int bad = 0;
    uint64_t checksum = 0;
    for (int i = 0; i < N; i++) {
        uint64_t wu[12];
        int64_t ws[12];
        divide(value_at(i), wu, ws);
        for (int k = 0; k < 12; k++) {
            if (u[i][k] != wu[k] && bad++ < 10) printf("x=%llu unsigned %d: %llu, want %llu\n", (unsigned long long)value_at(i), k, (unsigned long long)u[i][k], (unsigned long long)wu[k]);
            if (s[i][k] != ws[k] && bad++ < 10) printf("x=%lld signed %d: %lld, want %lld\n", (long long)value_at(i), k, (long long)s[i][k], (long long)ws[k]);
            checksum = checksum * 31 + u[i][k] + (uint64_t)s[i][k];
        }
        if (drawn[i] != draw(value_at(i) | 1) && bad++ < 10) printf("draw %d: %g, want %g\n", i, drawn[i], draw(value_at(i) | 1));
    }
    printf("%d wrong, checksum %llu\n", bad, (unsigned long long)checksum);
    return bad != 0;
}
