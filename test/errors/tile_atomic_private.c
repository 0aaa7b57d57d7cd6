// Atomics need memory other threads can see: a local variable is one thread's own.
// expect-error: 9:9: atomic operation on memory of one thread
#include <camp.h>

int main(void) {
    int a[64];
    parallel_for_each(t, tile(extent(64), 16)) {
        int mine = 0;
        camp_atomic_fetch_add(&mine, 1);
        a[t.global] = mine;
    }
    return a[0];
}
