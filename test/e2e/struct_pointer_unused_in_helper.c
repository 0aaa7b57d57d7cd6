// needs: shaderInt64 shaderFloat64 shaderInt8
/* A struct captured by value and handed by address to amp functions:
 * only the pointers they read need to lie in views. A parameter block
 * with a host string label (`const char *name`, in no view) given to a
 * helper that reads only its numbers (was: "pointer 'c.name' lies in no
 * view" at the launch), beside a span whose data a helper two calls down
 * reads, one copied whole into a local first, and one passed by value.
 * Against the serial run. */
#include <camp.h>
#include <stdio.h>

#define N 256

typedef struct {
    double h0, omega;
    const char *name;
} cosmology;

typedef struct {
    const float *data;
    int n;
} span;

static double hubble_time(const cosmology *c) restrict(cpu, amp) { return 977.8 / c->h0 * c->omega; }
static float at(const span *s, int i) restrict(cpu, amp) { return s->data[i % s->n]; }
static float twice_at(const span *s, int i) restrict(cpu, amp) { return 2 * at(s, i); }
static float copied_at(const span *s, int i) restrict(cpu, amp) {
    span local = *s;
    return local.data[(i + 1) % local.n];
}
static float by_value(span s, int i) restrict(cpu, amp) { return s.data[(i + 2) % s.n]; }

int main(void) {
    static float values[17], out[N];
    for (int i = 0; i < 17; i++) values[i] = (float)(i * i) * 0.5f;
    cosmology c = {70.0, 0.3, "flat LCDM"};
    span s = {values, 17};
    parallel_for_each(i, extent(N)) {
        out[i] = (float)(i * hubble_time(&c)) + twice_at(&s, i) + copied_at(&s, i) + by_value(s, i);
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        float want = (float)(i * hubble_time(&c)) + twice_at(&s, i) + copied_at(&s, i) + by_value(s, i);
        if (out[i] != want && bad++ < 3) printf("out[%d] = %g, expected %g\n", i, out[i], want);
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
