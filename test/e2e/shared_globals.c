// needs: shaderInt64
/* Globals and statics that kernels share with the host (docs/dialect.md,
 * "Captures"): a file-scope struct of arrays the kernels write, a counter
 * a kernel increments atomically through its address, a flag a kernel
 * sets, a static local struct, a small struct whose address a helper
 * takes, an array member passed to a helper, and a struct defined in
 * another translation unit, whose host code reads what the kernels wrote.
 * The host writes them between kernels, with no synchronize or refresh
 * anywhere. The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>
// also: units/shared_globals_other.c

#define N 1000

static struct {
    float x[N], y[N], vx[N], vy[N];
} particles;

struct config {
    float dt;
    float damping;
};
static struct config config = {0.5f, 0.25f};

struct filter {
    float w[4];
    int taps;
};
static struct filter filter = {{1, 2, 3, 4}, 4};

static int crossings;
static int found_at = -1;

struct grid {
    float cells[64];
    int generation;
};
extern struct grid grid; /* defined in the other unit */
double other_grid_sum(void);
void other_grid_reset(int generation);

static float step_of(const struct config *c, float v) restrict(amp) { return c->dt * v * (1.0f - c->damping); }

static float weighted(const float *w, int taps, int at) restrict(amp) {
    float s = 0;
    for (int k = 0; k < taps; k++) s += w[k] * (float)(at + k);
    return s;
}

static void histogram_of(const float *v, int n) {
    static struct {
        int bins[4];
        int largest;
    } stats;
    parallel_for_each(i, extent(n)) {
        int b = (int)v[i] & 3;
        camp_atomic_fetch_inc(&stats.bins[b]);
        camp_atomic_fetch_max(&stats.largest, (int)v[i]);
    }
    printf("bins %d %d %d %d, largest %d\n", stats.bins[0], stats.bins[1], stats.bins[2], stats.bins[3],
           stats.largest);
}

int main(void) {
    for (int i = 0; i < N; i++) {
        particles.x[i] = (float)i;
        particles.y[i] = 0;
        particles.vx[i] = (float)(i % 7);
        particles.vy[i] = (float)(i % 5) - 2;
    }
    for (int step = 0; step < 4; step++) {
        parallel_for_each(i, extent(N)) {
            particles.x[i] += step_of(&config, particles.vx[i]);
            particles.y[i] += step_of(&config, particles.vy[i]);
            if (particles.y[i] < 0 && particles.y[i] - step_of(&config, particles.vy[i]) >= 0)
                camp_atomic_fetch_add(&crossings, 1);
        }
        config.dt *= 2; /* the host's write: the next kernel sees it */
        printf("step %d: x[10] %g y[13] %g crossings %d\n", step, particles.x[10], particles.y[13], crossings);
    }
    crossings = 0;
    parallel_for_each(i, extent(N)) {
        if (particles.y[i] < -3) camp_atomic_fetch_add(&crossings, 1);
    }
    printf("below -3: %d\n", crossings);

    float out[N];
    parallel_for_each(i, extent(N)) {
        out[i] = weighted(filter.w, filter.taps, i) + filter.w[i % 4];
        if (particles.x[i] == 1027.125f) found_at = i; /* x[999]: 999 + 5 * 5.625 */
    }
    printf("weighted %g %g, found at %d\n", out[0], out[N - 1], found_at);
    filter.w[0] = 10; /* seen by the next kernel */
    parallel_for_each(i, extent(N)) { out[i] = weighted(filter.w, 1, i); }
    printf("weighted again %g %g\n", out[1], out[N - 1]);

    histogram_of(particles.x, N);

    other_grid_reset(3);
    parallel_for_each(i, extent(64)) { grid.cells[i] = grid.cells[i] * 2 + (float)grid.generation; }
    printf("grid sum %.1f\n", other_grid_sum());
    grid.generation = 5;
    parallel_for_each(i, extent(64)) { grid.cells[i] += (float)grid.generation; }
    printf("grid sum again %.1f, cell 63 %g\n", other_grid_sum(), grid.cells[63]);
    return 0;
}
