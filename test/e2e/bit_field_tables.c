// needs: shaderInt64 shaderInt16 shaderInt8
/* Initializers of structs with bit-fields in amp code: a file-scope const
 * table (game code's tile definitions), a static const table in a helper,
 * a local initialized with constants in the kernel; bool and signed
 * bit-fields, plain members between runs of bit-fields, fewer values than
 * fields, and an unnamed bit-field that takes none (was: refused, but for
 * {0}). Each thread's reading of them against the host's. */
#include <camp.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct {
    unsigned solid : 1;
    unsigned friction : 4;
    signed bounce : 3;
    unsigned char id;
    bool water : 1;
    unsigned : 2;
    unsigned light : 5;
} tile_def;

static const tile_def defs[4] = {{0, 15, -4, 7, true, 31}, {1, 12, 3, 200, false, 1}, {1, 0, -1}, {0}};

typedef struct { unsigned op : 6, a : 5, b : 5; short imm; } insn;

static int decode(int k) restrict(cpu, amp) {
    static const insn program[3] = {{63, 1, 2, -5}, {7, 31, 0, 1000}, {1, 2, 3, 4}};
    insn x = program[k % 3];
    return (int)x.op * 1000000 + (int)x.a * 10000 + (int)x.b * 100 + x.imm;
}

static int describe(tile_def d) restrict(cpu, amp) {
    return (int)d.solid + 2 * (int)d.friction + 100 * d.bounce + 1000 * d.id + 1000000 * d.water + 10000000 * (int)d.light;
}

int main(void) {
    int out[3][16];
    parallel_for_each(i, extent(16)) {
        tile_def local = {1, 9, -2, 42, true, 17};
        out[0][i] = describe(defs[i % 4]);
        out[1][i] = decode(i);
        out[2][i] = describe(local) + i;
    }
    int bad = 0;
    for (int i = 0; i < 16; i++) {
        tile_def local = {1, 9, -2, 42, true, 17};
        int want[3] = {describe(defs[i % 4]), decode(i), describe(local) + i};
        for (int k = 0; k < 3; k++)
            if (out[k][i] != want[k] && bad++ < 5) printf("out[%d][%d] = %d, want %d\n", k, i, out[k][i], want[k]);
    }
    printf("%d wrong; %d %d %d %d\n", bad, out[0][0], out[0][1], out[1][0], out[2][0]);
    return bad != 0;
}
