// needs: shaderInt64 shaderInt16 shaderInt8
/* memcpy between bytes and wider scalars in amp code, as portable C reads
 * and writes words of a byte buffer: a 32-bit little-endian load from a
 * view of bytes in a helper, a float's and a 16-bit value's bytes from an
 * odd offset, a 64-bit value stored into a view of bytes, and a float
 * taken apart into a thread's own bytes. Printed for comparison with the
 * serial build. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t load32_le(const uint8_t *p) restrict(amp) {
    uint32_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

static void store64(unsigned char *p, uint64_t v) restrict(amp) { memcpy(p, &v, sizeof v); }

int main(void) {
    enum { N = 16 };
    uint8_t in[4 * N + 2];
    uint32_t words[N];
    float floats[N];
    uint16_t halves[N];
    unsigned char out[8 * N];
    for (int i = 0; i < 4 * N + 2; i++) in[i] = (uint8_t)(i * 37 + 11);
    parallel_for_each(i, extent(N)) {
        words[i] = load32_le(in + 4 * i);
        memcpy(&floats[i], in + 4 * i + 1, 4);
        uint16_t h;
        memcpy(&h, in + 2 * i + 1, sizeof h);
        halves[i] = h;
        store64(out + 8 * i, (uint64_t)words[i] << 32 | (uint64_t)(i * 3));
        float f = (float)i * 0.75f;
        unsigned char bytes[4];
        memcpy(bytes, &f, sizeof f);
        out[8 * i] ^= bytes[3];
    }
    for (int i = 0; i < N; i += 3) {
        printf("%08x %a %04x ", words[i], floats[i], halves[i]);
        for (int b = 0; b < 8; b++) printf("%02x", out[8 * i + b]);
        printf("\n");
    }
    return 0;
}
