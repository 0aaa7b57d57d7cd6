// A struct of the enclosing function that holds a union, passed by
// address to a helper: amp code holds a union as words, with no object
// for a pointer to point at, so a struct kernels share by address must
// hold none, and the error says why (one without unions is shared:
// e2e/capture_address.c).
// expect-error: 25:25: cannot take the address of captured variable 'bank' in a kernel (kernels see a copy of its value: it holds a union)
#include <camp.h>
#include <stdio.h>

#define N 8
struct bank {
    union {
        float f;
        unsigned bits;
    } gain[N];
};

static float apply(const struct bank *b, int i, float x) restrict(amp) { return x * b->gain[i].f; }

int main(void) {
    struct bank bank;
    float out[N];
    for (int i = 0; i < N; i++) bank.gain[i].f = (float)i;
    parallel_for_each(i, extent(N)) {
        out[i] = apply(&bank, i, 1.0f); }
    printf("%g\n", out[5]);
    return 0;
}
