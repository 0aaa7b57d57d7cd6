// restrict(amp) functions are checked in a file with no kernel at all, as
// in one with kernels: called or not, whatever the spacing of the clause.
#include <camp.h>
#include <stdlib.h>

int host_only(int x) { return x; }

static int magnitude(int v) restrict(amp) { return host_only(abs(v)); }

int twice(int v) restrict (cpu, amp) {
    return 2 * host_only(v);
}

int main(void) { return 0; }
// expect-error: 8:52: call to non-amp function 'host_only'
// expect-error: 11:16: call to non-amp function 'host_only'
// expect-errors: 2
