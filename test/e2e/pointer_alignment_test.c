// needs: shaderInt64 shaderInt8
/* A helper that tests a pointer's alignment (`(uintptr_t)p & 3`) to pick
 * a word-at-a-time path only reads through it: the pointer may lie in a
 * read-only view (an array_view of a pointer to const), and the results
 * are those of the serial reference (which path a thread takes does not
 * change its sum). */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define LEN 13

/* a byte sum, by words where p is aligned */
static unsigned byte_sum(const uint8_t *p, int n) restrict(cpu, amp) {
    unsigned s = 0;
    int i = 0;
    if (((uintptr_t)p & 3) == 0)
        for (; i + 4 <= n; i += 4) {
            uint32_t w = (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 | (uint32_t)p[i + 2] << 16 | (uint32_t)p[i + 3] << 24;
            s += (w & 0xff) + (w >> 8 & 0xff) + (w >> 16 & 0xff) + (w >> 24);
        }
    for (; i < n; i++) s += p[i];
    return s;
}

int main(void) {
    uint8_t *bytes = malloc(N * LEN + 4);
    unsigned sums[N];
    for (int i = 0; i < N * LEN + 4; i++) bytes[i] = (uint8_t)(i * 37 + 11);
    const uint8_t *pool = bytes;
    array_view(pool, N * LEN + 4);
    parallel_for_each(i, extent(N)) { sums[i] = byte_sum(pool + i * LEN, LEN); }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        unsigned want = byte_sum(bytes + i * LEN, LEN);
        if (sums[i] != want && bad++ < 5) printf("%d: %u, want %u\n", i, sums[i], want);
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    free(bytes);
    return bad != 0;
}
