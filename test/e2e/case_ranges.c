// needs: shaderInt64 shaderInt8
// GNU C's case ranges (`case 0 ... 3:`) in amp code, beside plain labels:
// each value of a range is a label (campcc refused them, and said a second
// time that the label was not directly in its switch).
#include <camp.h>
#include <stdio.h>

#define N 64

static int bucket(int v) restrict(cpu, amp) {
    switch (v) {
    case -8 ... -1: return 1;
    case 0: return 2;
    case 1 ... 9:
    case 20 ... 29: return 3;
    case 10: case 11 ... 12: return 4;
    case 40 ... 30: return 9; /* empty (clang warns): no value */
    default: return 5;
    }
}

int main(void) {
    int out[N];
    int bad = 0;
    parallel_for_each(i, extent(N)) {
        int v = (int)i - 8;
        int r = bucket(v);
        switch ((char)v) {
        case 'a' - 100 ... 'a' - 90: r += 100; break;
        default: break;
        }
        out[i] = r;
    }
    for (int i = 0; i < N; i++) {
        int v = i - 8;
        int want = bucket(v) + (v >= 'a' - 100 && v <= 'a' - 90 ? 100 : 0);
        if (out[i] != want) {
            printf("wrong at %d: %d, want %d\n", i, out[i], want);
            bad = 1;
        }
    }
    if (!bad) printf("ok\n");
    return bad;
}
