// needs: shaderInt64 shaderFloat64
/* memcpy as the portable type pun in amp code: a float's bits into a
 * uint32_t and back, a double's into a uint64_t, an int32_t's into a
 * uint32_t, an array of floats into one of uint32_t; in a helper the host
 * calls too, and in a kernel's body. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t float_bits(float f) restrict(cpu, amp) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float bits_float(uint32_t u) restrict(cpu, amp) {
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

int main(void) {
    float in[4] = {1.0f, -2.0f, 0.1f, 3.0e38f};
    double din[4] = {1.0, -0.5, 1e-300, 6.02e23};
    int32_t iin[4] = {-1, 7, -2147483647 - 1, 123456};
    uint32_t bits[4], ibits[4], again_bits[4];
    uint64_t dbits[4];
    float again[4];
    parallel_for_each(i, extent(4)) {
        bits[i] = float_bits(in[i]);
        again[i] = bits_float(bits[i] ^ 0x80000000u);
        double d = din[i];
        uint64_t u64;
        memcpy(&u64, &d, 8);
        dbits[i] = u64;
        uint32_t u32;
        int32_t s32 = iin[i];
        memcpy(&u32, &s32, sizeof u32);
        ibits[i] = u32;
        float row[2] = {in[i], -in[i]};
        uint32_t row_bits[2];
        memcpy(row_bits, row, sizeof row);
        again_bits[i] = row_bits[0] ^ row_bits[1];
    }
    for (int i = 0; i < 4; i++)
        printf("%08x %g %016llx %08x %08x\n", bits[i], again[i], (unsigned long long)dbits[i], ibits[i],
               again_bits[i]);
    printf("on the host: %08x\n", float_bits(1.5f));
    return 0;
}
