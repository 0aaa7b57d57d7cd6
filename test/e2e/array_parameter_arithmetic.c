/* A parameter declared as an array is a pointer in every expression, as C
 * adjusts it: `out + 4 * i` stored through (a byte-order macro of crypto
 * reference code), `in + 4 * i` passed on, `*(in + i)`, an unsized `in[]`,
 * `p += 4` and `p++` on the parameter itself, and `?:` between two of them;
 * given pointers into views and into a local array. Printed for comparison
 * with the serial build. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

#define U32TO8_LITTLE(p, v) \
    do { \
        (p)[0] = (uint8_t)(v); \
        (p)[1] = (uint8_t)((v) >> 8); \
        (p)[2] = (uint8_t)((v) >> 16); \
        (p)[3] = (uint8_t)((v) >> 24); \
    } while (0)

static uint32_t load32(const uint8_t *p) restrict(cpu, amp) {
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t mix(const uint8_t in[16]) restrict(cpu, amp) {
    uint32_t s = 0;
    for (int i = 0; i < 4; ++i) s = (s << 5 | s >> 27) ^ load32(in + 4 * i) ^ *(in + i);
    return s;
}

static uint32_t sum16(const uint16_t in[], int n) restrict(cpu, amp) {
    uint32_t s = 0;
    for (int i = 0; i < n; i++) s += *(in + i) * (uint32_t)(i + 1);
    return s;
}

static void store(uint8_t out[8], uint32_t a, uint32_t b) restrict(cpu, amp) {
    U32TO8_LITTLE(out, a);
    out += 4;
    U32TO8_LITTLE(out + 0, b);
}

static uint32_t walk(const uint8_t p[16], int odd, const uint8_t q[16]) restrict(cpu, amp) {
    const uint8_t *r = odd ? p : q;
    uint32_t s = *p++;
    s += *p + r[15];
    return s;
}

int main(void) {
    static uint8_t data[256], bytes[256];
    static uint16_t words[128];
    static uint32_t mixed[32], sums[32];
    for (int i = 0; i < 256; i++) data[i] = (uint8_t)(i * 7 + 3);
    for (int i = 0; i < 128; i++) words[i] = (uint16_t)(i * 1031);
    parallel_for_each(i, extent(16)) {
        uint8_t local[16];
        for (int k = 0; k < 16; k++) local[k] = data[16 * i + 15 - k];
        mixed[2 * i] = mix(&data[16 * i]);
        mixed[2 * i + 1] = mix(local) + walk(local, i & 1, local);
        sums[i] = sum16(words + 8 * i, 8) + walk(&data[16 * i], i & 1, &data[16 * ((i + 1) % 16)]);
        store(&bytes[16 * i], mixed[2 * i], mixed[2 * i + 1]);
        store(&bytes[16 * i + 8], sums[i], (uint32_t)i);
    }
    for (int i = 0; i < 16; i++) printf("%u %u %u\n", mixed[2 * i], mixed[2 * i + 1], sums[i]);
    for (int i = 0; i < 256; i += 16) {
        for (int k = 0; k < 16; k++) printf("%02x", bytes[i + k]);
        printf("\n");
    }
    return 0;
}
