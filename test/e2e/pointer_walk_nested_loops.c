// needs: shaderInt64 shaderInt8
/* A pointer stepped with *p++ through nested loops after another loop,
 * as a block decoder walks its bytes (groups x channels x bytes, channel
 * state set up in a loop first): each thread's walk goes on from where
 * the last pass left it (was: on Mesa 25.0's lavapipe it restarted at
 * every pass of the outer loop, 1 2 1 2 for 1 2 3 4, when the stored
 * value converted the pointer to an address and back). Against the
 * serial run. */
#include <camp.h>
#include <stdio.h>

#define BLOCKS 64
#define GROUPS 4
#define CHANNELS 2
#define BYTES 3
#define PER_BLOCK (GROUPS * CHANNELS * BYTES)

static void decode(const unsigned char *in, int *out, int b) restrict(cpu, amp) {
    int state[CHANNELS];
    for (int c = 0; c < CHANNELS; c++) state[c] = b + c;
    const unsigned char *p = in + b * PER_BLOCK;
    for (int g = 0; g < GROUPS; g++)
        for (int c = 0; c < CHANNELS; c++)
            for (int k = 0; k < BYTES; k++) {
                state[c] = state[c] * 3 + *p++;
                out[b * PER_BLOCK + (g * CHANNELS + c) * BYTES + k] = state[c];
            }
}

int main(void) {
    static unsigned char in[BLOCKS * PER_BLOCK];
    static int out[BLOCKS * PER_BLOCK], want[BLOCKS * PER_BLOCK];
    static int sums[BLOCKS], want_sums[BLOCKS];
    for (int i = 0; i < BLOCKS * PER_BLOCK; i++) in[i] = (unsigned char)(i * 37 + 11);
    parallel_for_each(b, extent(BLOCKS)) { decode(in, out, b); }
    /* the same walk written in the kernel, the loop before it empty */
    parallel_for_each(b, extent(BLOCKS)) {
        for (int k = 0; k < 1; k++) {
        }
        const unsigned char *p = in + b * PER_BLOCK;
        int s = 0;
        for (int g = 0; g < GROUPS; g++)
            for (int k = 0; k < CHANNELS * BYTES; k++) s = s * 5 + *p++;
        sums[b] = s;
    }
    for (int b = 0; b < BLOCKS; b++) {
        decode(in, want, b);
        const unsigned char *p = in + b * PER_BLOCK;
        int s = 0;
        for (int i = 0; i < PER_BLOCK; i++) s = s * 5 + *p++;
        want_sums[b] = s;
    }
    int bad = 0;
    for (int i = 0; i < BLOCKS * PER_BLOCK; i++)
        if (out[i] != want[i] && bad++ < 3) printf("out[%d] = %d, expected %d\n", i, out[i], want[i]);
    for (int b = 0; b < BLOCKS; b++)
        if (sums[b] != want_sums[b] && bad++ < 6) printf("sums[%d] = %d, expected %d\n", b, sums[b], want_sums[b]);
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
