// A constant holding a union (a table of tagged values): its initializer
// gives the union no bytes, so amp code refuses it rather than read zeros.
#include <camp.h>

typedef union {
    double d;
    long long bits;
} num;
static const struct {
    int tag;
    num n;
} table[2] = {{1, {.d = 8.5}}, {2, {.d = -1.25}}};

int main(void) {
    double out[2];
    parallel_for_each(i, extent(2)) { out[i] = table[i].tag + table[i].n.d; }
    return out[0] != 9.5;
}
// expect-error: 16: a constant union, or a constant holding one, cannot be used in amp code
