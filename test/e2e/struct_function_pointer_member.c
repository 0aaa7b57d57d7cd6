// needs: shaderInt64 shaderFloat64 shaderInt8
/* A configuration struct holding a host callback beside the numbers a
 * kernel reads (`cfg->dt`, `p.nu`), through a `const config *` and
 * captured by value: the callback is only bytes to the kernel, and the
 * struct is captured as any (it was refused at the member, whatever the
 * kernel used). A kernel calling or reading the callback is an error at
 * that use (errors/function_pointer_member_use.c). */
#include <camp.h>
#include <math.h>
#include <stdio.h>

#define N 32

typedef struct {
    double dt, nu;
    double (*initial)(double x); /* used on the host only */
    const char *name;
} config;

static double gauss(double x) { return exp(-x * x); }

static void step(const config *cfg, const double *u, double *v) {
    parallel_for_each(i, extent(N)) v[i] = u[i] + cfg->dt * cfg->nu * (u[(i + 1) % N] - 2 * u[i] + u[(i + N - 1) % N]);
}

int main(void) {
    config cfg = {0.1, 0.5, gauss, "heat"};
    double u[N], v[N];
    for (int i = 0; i < N; i++) u[i] = cfg.initial((i - N / 2) * 0.25);
    step(&cfg, u, v);
    config p = cfg;
    parallel_for_each(i, extent(N)) u[i] = v[i] * p.nu;
    for (int i = 0; i < N; i += 4) printf("%s %d: %.12f %.12f\n", cfg.name, i, v[i], u[i]);
    return 0;
}
