// An object of more than 2 GiB in amp code (its size does not fit the
// compiler's 32-bit sizes): refused, not wrapped.
#include <camp.h>

static const int table[2147483647] = {1, -2, 3, [4] = 40};

static int look(int i) restrict(amp) { return table[i % 5]; }

int main(void) {
    int out[16];
    parallel_for_each(i, extent(16)) { out[i] = look(i); }
    return out[0];
}
// expect-error: 5:18: type 'const int[2147483647]' of 8589934588 bytes is too large for amp code (at most 2 GiB)
