/* Words read from a byte buffer at any byte and written into one at any
 * byte, as hash and codec code does (MurmurHash3's blocks, a little-endian
 * store of a 64-bit length): the device reads and writes the bytes C on
 * the host does, whatever their address's alignment (NVIDIA's driver read
 * other bytes when told such loads were aligned). Printed for comparison
 * with the serial build. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

#define N 64

static uint8_t data[N * 16 + 16], out[N * 16 + 16];
static uint32_t sums[N];
static uint64_t wides[N];

/* misaligned on the host too, where x86 reads them whole: UBSan is told so */
#define MISALIGNED __attribute__((no_sanitize("alignment")))

MISALIGNED static uint32_t getblock32(const uint32_t *p, int i) restrict(cpu, amp) { return p[i]; }

MISALIGNED static uint32_t hash_at(const void *key, int len) restrict(cpu, amp) {
    const uint8_t *bytes = (const uint8_t *)key;
    const uint32_t *blocks = (const uint32_t *)bytes;
    uint32_t h = 0x9747b28cu;
    for (int i = 0; i < len / 4; i++) h = (h ^ getblock32(blocks, i)) * 0x5bd1e995u;
    return h;
}

MISALIGNED int main(void) {
    for (int i = 0; i < N * 16 + 16; i++) data[i] = (uint8_t)(i * 131 + 7);
    parallel_for_each(i, extent(N)) {
        sums[i] = hash_at(data + i * 16 + i % 8, 12);
        wides[i] = *(const uint64_t *)(data + i * 16 + (i % 5));
        *(uint32_t *)(out + i * 16 + i % 4 + 1) = sums[i];
        *(uint64_t *)(out + i * 16 + 7 + i % 3) = wides[i] ^ 0x0102030405060708ull;
    }
    uint64_t h = 0;
    for (int i = 0; i < N * 16 + 16; i++) h = h * 31 + out[i];
    for (int i = 0; i < N; i += 9) printf("%08x %016llx\n", sums[i], (unsigned long long)wides[i]);
    printf("%016llx\n", (unsigned long long)h);
    return 0;
}
