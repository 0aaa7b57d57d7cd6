// needs: shaderFloat64 shaderInt64
/* A kernel's pointers into file-scope objects another file defines, a
 * file with no kernels of its own (PolyBench's main.c and kernel.c): its
 * arrays passed to the launching functions, a static array reached through
 * a function's pointer, a struct a helper reads and a kernel's atomic
 * writes. Each gets a view, as this file's own would. */
#include <camp.h>
#include <stdio.h>
// also: units/objects_of_other_units_data.c

extern float grid[16][16];
struct gains {
    float scale, bias;
    int count;
};
extern struct gains gains;
double *samples_of_data_unit(void);
void fill_data_unit(void);

static float gained(const struct gains *g, float x) restrict(cpu, amp) { return x * g->scale + g->bias; }

static void apply(int n, float (*m)[16], struct gains *g) {
    parallel_for_each(ij, extent(n, 16)) {
        m[ij.x][ij.y] = gained(g, m[ij.x][ij.y]);
        if (m[ij.x][ij.y] > 100.0f) camp_atomic_fetch_add(&g->count, 1);
    }
}

static void halve(double *v, int n) {
    parallel_for_each(i, extent(n)) { v[i] = v[i] / 2 + i; }
}

int main(void) {
    fill_data_unit();
    apply(16, grid, &gains);
    double *samples = samples_of_data_unit();
    halve(samples, 100);
    printf("count %d\n", gains.count);
    for (int i = 0; i < 16; i += 5) printf("%d: %g %g %g\n", i, grid[i][0], grid[i][15], samples[i * 6]);
    return 0;
}
