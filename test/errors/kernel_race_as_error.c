// -Werror=kernel-race makes campcc's own warning an error, as clang names
// one (and the flag, campcc's alone, reaches neither libclang nor the host
// compiler, which would call it unknown).
// flags: -Werror=kernel-race
#include <camp.h>

int total;

int main(void) {
    int data[100];
    for (int i = 0; i < 100; i++) data[i] = i;
    parallel_for_each(i, extent(100)) { total += data[i]; }
    return total;
}
// expect-error: 12:41: every thread of the kernel updates 'total', a global the threads share, at once: without an atomic operation the updates race and most are lost; use camp_atomic_fetch_add(&total, ...) (or another camp_atomic_*), or a reduction [-Werror,-Wkernel-race]
