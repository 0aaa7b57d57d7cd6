/* A struct holding an array of pointers, as lattice-Boltzmann and
 * multi-species codes keep one array per direction or species (`float
 * *f[Q]`), captured by value and through a `const lattice *`: each
 * pointer is translated as a struct's others are, and `L.f[q][i]` indexes
 * them with a run-time q (it was refused as a pointer to pointers). */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

#define Q 5
#define N 24

typedef struct {
    int n;
    float *f[Q];
    float weight[Q];
} lattice;

static void collide(const lattice *L, float *rho) {
    parallel_for_each(i, extent(L->n)) {
        float sum = 0;
        for (int q = 0; q < Q; q++) sum += L->weight[q] * L->f[q][i];
        rho[i] = sum;
    }
}

int main(void) {
    lattice L = {N, {0}, {0.4f, 0.15f, 0.15f, 0.15f, 0.15f}};
    float *rho = malloc(N * sizeof *rho);
    for (int q = 0; q < Q; q++) {
        L.f[q] = malloc(N * sizeof(float));
        for (int i = 0; i < N; i++) L.f[q][i] = (float)(q + 1) * 0.5f + (float)i;
        array_view(L.f[q], N);
    }
    array_view(rho, N);
    parallel_for_each(i, extent(N)) {
        for (int q = 1; q < Q; q++) L.f[q][i] = L.f[0][(i + q) % N] - L.f[q][i];
    }
    collide(&L, rho);
    for (int i = 0; i < N; i += 3) printf("rho[%d] = %g, f[%d][%d] = %g\n", i, rho[i], i % Q, i, L.f[i % Q][i]);
    return 0;
}
