// A struct of the enclosing function passed by address to a helper:
// captures are values, and the error says how to pass it by address (a
// view of it).
// expect-error: 20:24: cannot take the address of captured variable 'bank' (captures are by value; to pass it by address, make a view of it, a pointer p = &bank with array_view(p, 1), and use p in the kernel)
#include <camp.h>
#include <stdio.h>

#define N 8
struct bank {
    double gain[N], offset[N];
};

static double apply(const struct bank *b, int i, double x) restrict(amp) { return x * b->gain[i] + b->offset[i]; }

int main(void) {
    struct bank bank;
    double out[N];
    for (int i = 0; i < N; i++) bank.gain[i] = i, bank.offset[i] = 1;
    parallel_for_each(i, extent(N)) {
        out[i] = apply(&bank, i, 1.0); }
    printf("%g\n", out[5]);
    return 0;
}
