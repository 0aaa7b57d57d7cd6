// needs: shaderInt64 shaderBufferFloat32AtomicAdd
/* Float atomics through a struct that holds pointers, as a graph or
 * sparse-matrix library writes them: push-style PageRank's scatter into
 * `acc[g->dst[e]]` in a function taking `const graph *g`, and a COO
 * matrix's helper given `&C` of a captured struct. The optimizer splits
 * the kernel's copy of the struct into one variable per member; those
 * holding device addresses stay marked as aliasing (the module was
 * invalid at -O1 and up). Sums of small integers: exact in any order. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int edges;
    int *src, *dst;
} graph;

typedef struct {
    int nnz;
    int *row;
    float *val;
} coo;

static void push(const graph *g, const float *rank, float *acc) {
    parallel_for_each(e, extent(g->edges)) camp_atomic_fetch_add(&acc[g->dst[e]], rank[g->src[e]]);
}

static void scatter(const coo *c, int k, float *y) restrict(amp) { camp_atomic_fetch_add(&y[c->row[k]], c->val[k]); }

int main(void) {
    enum { V = 16, E = 64 };
    graph g = {E, malloc(E * sizeof(int)), malloc(E * sizeof(int))};
    coo c = {E, malloc(E * sizeof(int)), malloc(E * sizeof(float))};
    float *rank = malloc(V * sizeof(float)), *acc = calloc(V, sizeof(float)), *y = calloc(V, sizeof(float));
    for (int e = 0; e < E; e++) {
        g.src[e] = (e * 7) % V;
        g.dst[e] = (e * 5 + 3) % V;
        c.row[e] = (e * 3) % V;
        c.val[e] = (float)(e % 4);
    }
    for (int v = 0; v < V; v++) rank[v] = (float)(v + 1);
    array_view(g.src, E);
    array_view(g.dst, E);
    array_view(c.row, E);
    array_view(c.val, E);
    array_view(rank, V);
    array_view(acc, V);
    array_view(y, V);
    push(&g, rank, acc);
    parallel_for_each(k, extent(c.nnz)) scatter(&c, k, y);
    for (int v = 0; v < V; v++) printf("%d: %g %g\n", v, acc[v], y[v]);
    return 0;
}
