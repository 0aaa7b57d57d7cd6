// Every thread of a subgroup reaches each operation on its fragments (the
// cooperative matrix's instructions are undefined otherwise): one under a
// condition on the thread's index is reported, directly and through an amp
// function, as a tile barrier there would be.
// expect-error: 21:13: matrix fragment operation in control flow that depends on the thread's index: every thread of a subgroup must reach each operation on its fragments
// expect-note: 20:13: the threads of a tile may take different paths here
// expect-error: 23:13: call to 'clear', which uses matrix fragments, in control flow that depends on the thread's index
// expect-errors: 2
#include <camp.h>

static float c[256];

static void clear(fragment_acc(float, 16, 16, 16) *f) restrict(amp) { fragment_fill(*f, 0.0f); }

int main(void) {
    parallel_for_each(t, tile(extent(32), 32)) {
        fragment_acc(float, 16, 16, 16) acc;
        fragment_fill(acc, 1.0f);
        int lane = t.local;
        if (lane < 16)
            fragment_fill(acc, 1.0f);
        if (t.global > 3)
            clear(&acc);
        fragment_store(c, acc, 16, fragment_row_major);
    }
    return 0;
}
