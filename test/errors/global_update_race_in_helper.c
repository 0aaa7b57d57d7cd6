// A global random-number state every thread updates through amp functions
// (`seed = seed * a + c`, `state ^= state << 13` two calls down): the
// updates race, a warning at the kernel's call with a note at the update.
// A state each thread keeps (a parameter) and an update under a test are
// not warned of.
#include <camp.h>
#include <stdio.h>

static unsigned seed = 12345u;
static unsigned long long state = 88172645463325252ull;
static int hits;

static unsigned lcg(void) restrict(cpu, amp) {
    seed = seed * 1103515245u + 12345u;
    return seed;
}
static unsigned long long xorshift(void) restrict(amp) {
    state ^= state << 13;
    state ^= state >> 7;
    return state;
}
static double uniform(void) restrict(amp) { return (double)(xorshift() >> 11) * (1.0 / 9007199254740992.0); }
static unsigned own_lcg(unsigned s) restrict(amp) {
    s = s * 1664525u + 1013904223u;
    return s;
}
static void count(int inside) restrict(amp) {
    if (inside) hits = hits + 1;
}

int main(void) {
    static double x[256];
    parallel_for_each(i, extent(256)) {
        double u = uniform();
        x[i] = u + lcg() + own_lcg((unsigned)i);
        count(u < 0.5);
    }
    printf("%g %d\n", x[5], hits);
    return 0;
}
// expect-warning: 34:20: every thread of the kernel updates 'state', a global the threads share, at once, through this call (in 'xorshift'): without an atomic operation the updates race and most are lost (a random-number state: give each thread its own, seeded from its index) [-Wkernel-race]
// expect-note: 18:5: 'state' updated here
// expect-warning: 35:20: every thread of the kernel updates 'seed', a global the threads share, at once, through this call (in 'lcg')
// expect-note: 14:5: 'seed' updated here
