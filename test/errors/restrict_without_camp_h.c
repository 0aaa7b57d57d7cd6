// restrict(cpu, amp) in a file that does not include <camp.h> (a header of
// helpers shared with host-only files): clang reads C's `restrict` there
// and gives a score of parse errors; a note at the first says that
// <camp.h> defines C AMP's restrict(...), once.
#include <stdio.h>

static inline int clampi(int v, int lo, int hi) restrict(cpu, amp) { return v < lo ? lo : (v > hi ? hi : v); }
static inline int twice(int v) restrict(amp) { return 2 * v; }

int main(void) {
    printf("%d %d\n", clampi(7, 0, 5), twice(3));
    return 0;
}
// expect-error: 7:48: expected ';' after top level declarator
// expect-note: 7:49: restrict(amp) and restrict(cpu, amp) are C AMP's, which <camp.h> defines: include it in this file (or in the header) before the first of them
