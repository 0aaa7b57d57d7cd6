// needs: shaderInt64
/* Stores through the pointer a helper returns, as tensor code writes
 * them: `*at(p, i) = v`, `*at(p, i) += v`, `at(p, i)[k] = v`, and through
 * a variable given it. Built with -O2 too (the e2e driver's optimized
 * build), where SPIRV-Tools' inliner and dead-code pass once dropped the
 * first two forms: helpers now return a pointer as its address's bits. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

static inline float *at(float *p, int i) restrict(cpu, amp) { return p + i; }

typedef struct {
    float *data;
    int stride;
} tensor;

static float *elem(const tensor *t, int r, int c) restrict(cpu, amp) { return t->data + r * t->stride + c; }

int main(void) {
    float *d = calloc(16, sizeof *d);
    if (!d) return 1;
    array_view(d, 16);
    parallel_for_each(i, extent(4)) {
        *at(d, i) = 1.0f;
        at(d, 4)[i] = 2.0f;
        *at(d, 8 + i) += 3.0f;
        float *q = at(d, 12 + i);
        *q = 4.0f;
    }
    for (int i = 0; i < 16; i++) printf("%g ", d[i]);
    printf("\n");
    float *m = calloc(12, sizeof *m);
    if (!m) return 1;
    array_view(m, 12);
    tensor t = {m, 4};
    parallel_for_each(i, extent(3)) {
        tensor local = t;
        for (int c = 0; c < 4; c++) *elem(&local, i, c) = (float)(i * 10 + c);
        *elem(&local, i, 0) += 0.5f;
    }
    for (int i = 0; i < 12; i++) printf("%g ", m[i]);
    printf("\n");
    free(d);
    free(m);
    return 0;
}
