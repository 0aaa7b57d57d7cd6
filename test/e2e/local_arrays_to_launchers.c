// needs: shaderInt64
// cflags: -std=c17 -pedantic -Werror
/* Local arrays passed to the program's own functions that launch kernels
 * on them, as C passes arrays: a host function taking `float *out`, one
 * that passes its pointer on to another that launches, a struct passed by
 * address, a VLA, a call whose value is used, and one call inside
 * another's arguments. Each local is a view for the call (campcc wraps
 * it), and the kernels' writes are there when the call returns; the
 * wrapped calls compile under -pedantic -Werror. */
#include <camp.h>
#include <stdio.h>

typedef struct {
    float gain, bias;
    float taps[4];
} Filter;

static void fill(float *out, int n) {
    parallel_for_each(i, extent(n)) { out[i] = (float)i; }
}

/* passes its pointers on: the kernels are in fill and apply */
static void prepare(float *out, int n) { fill(out, n); }

static float apply(const Filter *f, const float *in, float *out, int n) {
    parallel_for_each(i, extent(n)) {
        float s = 0.0f;
        for (int k = 0; k < 4; k++) s += f->taps[k] * in[(i + k) % n];
        out[i] = f->gain * s + f->bias;
    }
    return out[n - 1]; /* the host reads the kernel's result */
}

static int twice(int *v, int n) {
    parallel_for_each(i, extent(n)) { v[i] *= 2; }
    return v[0] + v[n - 1];
}

int main(void) {
    float in[64], out[64];
    prepare(in, 64);
    Filter f = {0.5f, 1.0f, {1, 2, 3, 4}};
    float last = apply(&f, in, out, 64);
    printf("%g %g %g %g\n", out[0], out[31], out[63], last);

    int n = 10;
    int vla[n];
    for (int i = 0; i < n; i++) vla[i] = i + 1;
    int ends = twice(vla, n);
    printf("%d %d %d\n", ends, vla[0], vla[9]);

    int a[5] = {1, 2, 3, 4, 5}, b[5] = {10, 20, 30, 40, 50};
    int sum = twice(a, 5) + twice(b, twice(a, 5) > 0 ? 5 : 4); /* a call in another's arguments */
    printf("%d %d %d\n", sum, a[4], b[4]);
    return 0;
}
