// needs: shaderInt64 shaderFloat64
/* File-scope statics that every function assigns before it reads them,
 * the temporaries behind Numerical Recipes' macros (`static float
 * maxarg1, maxarg2;` for FMAX, `sqrarg` for SQR), are each kernel's and
 * helper's own in amp code, as a serial run uses them (was: one variable
 * the threads shared, and a third of the maxima wrong). The host uses the
 * same macros for its check. Statics whose value a kernel leaves for the
 * host stay shared: a flag set by a kernel, directly or in a function
 * called, and a sum a one-thread kernel computes, which the host set
 * before the call and reads after. */
#include <camp.h>
#include <stdio.h>

static float maxarg1, maxarg2;
#define FMAX(a, b) (maxarg1 = (a), maxarg2 = (b), (maxarg1) > (maxarg2) ? (maxarg1) : (maxarg2))
static float sqrarg;
#define SQR(a) ((sqrarg = (a)) == 0.0f ? 0.0f : sqrarg * sqrarg)

#define N 4096

static float a[N], out[N];
static int found, found_in_call;
static double total;

static void search(void) {
    parallel_for_each(i, extent(N)) {
        if (a[i] > 49) found_in_call = 1;
    }
}

static void add_up(void) {
    parallel_for_each(i, extent(1)) {
        total = 0;
        for (int k = 0; k < N; k++) total += a[k];
    }
}

static float biggest(const float *v, int n) restrict(cpu, amp) {
    float m = 0.0f;
    for (int i = 0; i < n; i++) m = FMAX(m, v[i]);
    return m;
}

static float entry(int i) restrict(cpu, amp) {
    float v[3] = {a[i], -a[i], SQR(a[i] / 8)};
    return biggest(v, 3) + SQR(a[(i + 1) % N]);
}

int main(void) {
    for (int i = 0; i < N; i++) a[i] = (float)((i * 37) % 101) - 50.0f;
    parallel_for_each(i, extent(N)) { out[i] = entry(i) + FMAX(a[i], 0.0f); }
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < N; i++) {
        float want = entry(i) + FMAX(a[i], 0.0f);
        if (out[i] != want && bad++ < 5) printf("out[%d] = %g, want %g\n", i, out[i], want);
        sum += out[i];
    }
    printf("%d wrong, sum %.1f\n", bad, sum);
    found = 0;
    parallel_for_each(i, extent(N)) {
        if (a[i] > 49) found = 1;
    }
    found_in_call = 0;
    search();
    total = -1;
    add_up();
    printf("found %d %d, total %.1f\n", found, found_in_call, total);
    return bad != 0;
}
