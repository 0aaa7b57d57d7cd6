// needs: shaderInt64 shaderInt16
/* Byte swaps of 16-bit values as people write them, narrowed back to 16
 * bits: with |, with ^, through masks, in a 32-bit variable, with the
 * halves narrowed first. NVIDIA's driver (580) computed 0 for each of
 * these (campcc now emits the disjoint | and ^ as +: check/disjoint_bits_as_add.c);
 * each is counted against the serial swap, and the first printed. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

#define N 64

int main(void) {
    uint16_t in[N], out[7][N];
    for (int i = 0; i < N; i++) in[i] = (uint16_t)(0x1234 + i * 0x0f1d);
    parallel_for_each(i, extent(N)) {
        uint16_t x = in[i];
        out[0][i] = (uint16_t)(x >> 8 | x << 8);
        out[1][i] = (uint16_t)((unsigned)x >> 8 | (unsigned)x << 8);
        out[2][i] = (uint16_t)((x >> 8 | x << 8) & 0xffff);
        out[3][i] = (uint16_t)((x & 0xff) << 8 | (x & 0xff00) >> 8);
        out[4][i] = (uint16_t)((x >> 8) ^ (x << 8));
        out[5][i] = (uint16_t)((x << 8) | (x >> 8));
        out[6][i] = (uint16_t)(x >> 8) | (uint16_t)(x << 8);
    }
    for (int v = 0; v < 7; v++) {
        int wrong = 0;
        for (int i = 0; i < N; i++) wrong += out[v][i] != (uint16_t)(in[i] >> 8 | in[i] << 8);
        printf("form %d: %d wrong, first %04x\n", v, wrong, out[v][0]);
    }
    return 0;
}
