/* A struct holding more arrays than a kernel uses, as a graph library
 * keeps its CSR arrays, weights and scratch together: only those the
 * kernel reads or writes need a view (the others are passed as null
 * pointers), through a `const graph *` parameter, a struct captured by
 * value and a helper given a member; a pointer the kernel only tests
 * (`g->weight ? ... : 1`) is used, and NULL stays NULL. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int n;
    int *off, *adj;   /* CSR */
    float *weight;    /* NULL: unweighted */
    int *level, *scratch;
} graph;

static int degree(const int *off, int v) restrict(amp) { return off[v + 1] - off[v]; }

static void degrees(const graph *g, int *deg) {
    parallel_for_each(v, extent(g->n)) deg[v] = degree(g->off, v);
}

static void weighted_sums(const graph *g, float *sum) {
    parallel_for_each(v, extent(g->n)) {
        float s = 0;
        for (int e = g->off[v]; e < g->off[v + 1]; e++) s += g->weight ? g->weight[e] : 1.0f;
        sum[v] = s;
    }
}

int main(void) {
    enum { N = 12 };
    graph g = {N, malloc((N + 1) * sizeof(int)), malloc(3 * N * sizeof(int)), NULL, malloc(N * sizeof(int)),
               malloc(N * sizeof(int))};
    int *deg = malloc(N * sizeof(int));
    float *sum = malloc(N * sizeof(float)), *w = malloc(3 * N * sizeof(float));
    for (int v = 0, e = 0; v <= N; v++) {
        g.off[v] = e;
        if (v < N)
            for (int k = 0; k < v % 4; k++, e++) g.adj[e] = (v + k + 1) % N, w[e] = 0.5f * (float)(k + 1);
    }
    array_view(g.off, N + 1);
    array_view(deg, N);
    array_view(sum, N);
    degrees(&g, deg);
    weighted_sums(&g, sum); /* no weights: every edge 1 */
    for (int v = 0; v < N; v++) printf("%d: degree %d, edges %g\n", v, deg[v], sum[v]);
    g.weight = w;
    array_view(w, 3 * N);
    weighted_sums(&g, sum);
    graph copy = g;
    parallel_for_each(v, extent(N)) deg[v] = copy.off[v] * 2;
    for (int v = 0; v < N; v++) printf("%d: weights %g, twice the offset %d\n", v, sum[v], deg[v]);
    return 0;
}
