/* A graph held in a struct at file scope, its arrays reached through
 * pointers, passed by address to read-only helpers in a kernel, as
 * graph code passes its global graph: each thread reads its own copy,
 * the pointers translated to the device's (a local copy of the struct
 * was needed before). Printed for comparison with the serial build. */
#include <camp.h>
#include <stdio.h>

typedef struct {
    int n;
    const int *row_ptr, *col_idx;
    const float *weight;
} graph_t;

static graph_t G;

static int degree(const graph_t *g, int v) restrict(cpu, amp) { return g->row_ptr[v + 1] - g->row_ptr[v]; }

static float weighted(const graph_t *g, int v) restrict(cpu, amp) {
    float s = 0;
    for (int e = g->row_ptr[v]; e < g->row_ptr[v + 1]; e++) s += g->weight[e] * (float)g->col_idx[e];
    return s;
}

#define N 6

int main(void) {
    static const int rp[N + 1] = {0, 2, 3, 6, 7, 9, 10}, ci[10] = {1, 2, 0, 1, 3, 5, 2, 0, 5, 4};
    static const float w[10] = {0.5f, 1, 2, 0.25f, 3, 1, 2, 4, 0.5f, 1};
    G = (graph_t){N, rp, ci, w};
    int deg[N];
    float sums[N];
    parallel_for_each(v, extent(N)) {
        deg[v] = degree(&G, v);
        sums[v] = weighted(&G, v) + (float)G.n;
    }
    for (int v = 0; v < N; v++) printf("%d %g\n", deg[v], sums[v]);
    return 0;
}
