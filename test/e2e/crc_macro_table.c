// needs: shaderInt64 shaderInt8
/* A CRC-32 whose table's last entries are made by nested macros, as table
 * generators write them (each entry eight nested `((c) & 1 ? P ^ ((c) >>
 * 1) : (c) >> 1)` of an argument like `n + 2 + 1`: some 20,000 operators
 * an entry, in parentheses; campcc refused them as one too long an
 * expression), and a disabled older form under `#if 0` that would be too
 * long (campcc refused the file). Each thread checks its own message
 * against the serial run. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

#define POLY 0xEDB88320u
#define C1(c) ((c) & 1 ? POLY ^ ((c) >> 1) : (c) >> 1)
#define C8(c) C1(C1(C1(C1(C1(C1(C1(C1(c))))))))
#define R2(n) C8(n), C8(n + 1)
#define R4(n) R2(n), R2(n + 2)

static const uint32_t top[4] = {R4(252u)};

#if 0 /* the old table: one expression of all four, far too long */
#define X10(e) e ^ e ^ e ^ e ^ e ^ e ^ e ^ e ^ e ^ e
static const uint32_t folded = X10(X10(X10(X10(X10(C1(1u))))));
#endif

#define N 512
#define LEN 64

static uint32_t table[256];
static unsigned char msg[N * LEN];
static uint32_t crc[N];

int main(void) {
    int bad = 0;
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? POLY ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    for (int k = 0; k < 4; k++)
        if (top[k] != table[252 + k] && bad++ < 3) printf("top[%d] = %08x, expected %08x\n", k, top[k], table[252 + k]);
    for (int i = 0; i < N * LEN; i++) msg[i] = (unsigned char)(i * 131 + (i >> 7));
    parallel_for_each(i, extent(N)) {
        uint32_t c = 0xFFFFFFFFu;
        for (int k = 0; k < LEN; k++) {
            unsigned char b = msg[i * LEN + k];
            uint32_t x = (c ^ b) & 0xFF;
            c = (x >= 252 ? top[x - 252] : table[x]) ^ (c >> 8);
        }
        crc[i] = ~c;
    }
    for (int i = 0; i < N; i++) {
        uint32_t c = 0xFFFFFFFFu;
        for (int k = 0; k < LEN; k++) {
            c ^= msg[i * LEN + k];
            for (int j = 0; j < 8; j++) c = c & 1 ? POLY ^ (c >> 1) : c >> 1;
        }
        if (crc[i] != ~c && bad++ < 3) printf("crc[%d] = %08x, expected %08x\n", i, crc[i], ~c);
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
