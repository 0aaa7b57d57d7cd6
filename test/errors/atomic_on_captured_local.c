// An atomic on a local of the enclosing function: each thread has a copy,
// and the error says what kernels share instead.
#include <camp.h>

int main(void) {
    int count = 0, data[64];
    for (int i = 0; i < 64; i++) data[i] = i;
    parallel_for_each(i, extent(64)) {
        if (data[i] % 2) camp_atomic_fetch_add(&count, 1);
    }
    return count;
}
// expect-error: 9:26: atomic operation on captured variable 'count', which each thread has a copy of: kernels share a global or static variable, or an array (int count[1])
