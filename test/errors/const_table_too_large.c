// A constant table larger than 64 KiB used in a restrict(amp) function
// (in a kernel it would be a view of the host's copy).
#include <camp.h>

static const int table[70000] = {1, 2, 3};

static int look(int i) restrict(amp) { return table[i % 3]; }

int main(void) {
    int out[16];
    parallel_for_each(i, extent(16)) { out[i] = look(i); }
    return out[0];
}
// expect-error: 5:18: constant 'table' of 280000 bytes is too large for amp code outside a kernel (at most 65536 bytes)
