/* Helpers with `const void *` and `void *` parameters, as hashing APIs
 * (FNV-1a, xxHash, SipHash) declare them, given a kernel's local buffers
 * and the addresses of its locals, cast back inside to the type they
 * were: bytes of a local key, a local result, a local struct, and the
 * same helpers given pointers into views. Printed for comparison with
 * the serial build. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    uint32_t seed;
    uint16_t rounds;
} params;

static uint32_t fnv1a(const void *key, int len) restrict(cpu, amp) {
    const uint8_t *p = (const uint8_t *)key;
    uint32_t h = 2166136261u;
    for (int i = 0; i < len; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}

static void store_hash(uint32_t h, void *out) restrict(cpu, amp) { *(uint32_t *)out = h; }

static void copy_bytes(void *dst, const void *src, int n) restrict(cpu, amp) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    for (int i = 0; i < n; i++) d[i] = s[i];
}

static uint32_t mix(const void *pp, uint32_t x) restrict(cpu, amp) {
    const params *p = (const params *)pp;
    for (int r = 0; r < p->rounds; r++) x = (x ^ p->seed) * 2654435761u;
    return x;
}

#define N 64

int main(void) {
    static uint8_t keys[N][8];
    static uint32_t local_hash[N], view_hash[N];
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 8; k++) keys[i][k] = (uint8_t)(i * 31 + k * 7);
    parallel_for_each(i, extent(N)) {
        uint8_t kb[8], copy[8];
        for (int k = 0; k < 8; k++) kb[k] = (uint8_t)(i * 31 + k * 7);
        copy_bytes(copy, kb, 8);
        params p = {(uint32_t)i * 7u + 1u, (uint16_t)(i % 4 + 1)};
        uint32_t h;
        store_hash(mix(&p, fnv1a(copy, 8)), &h);
        local_hash[i] = h;
        store_hash(fnv1a(keys[i], 8) ^ fnv1a(kb + 2, 4), &view_hash[i]);
    }
    for (int i = 0; i < N; i += 5) printf("%u %u\n", local_hash[i], view_hash[i]);
    return 0;
}
