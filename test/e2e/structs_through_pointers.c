/* Structs a kernel reaches through a pointer of the launching function,
 * as game and simulation code passes its state: a file-scope world
 * given to a helper that launches (`step(&g_world)`), a file-scope
 * counter written through a pointer parameter, and a local struct of
 * parameters held in a pointer variable (`const params *p = &prm;`). Each
 * becomes a view for the launch, as a file-scope or local array does. */
#include <camp.h>
#include <stdio.h>

typedef struct {
    int n;
    float x[64];
} world;

typedef struct {
    float scale, bias;
} params;

static world g_world;
static unsigned g_hits;

static void step(world *w, float by) {
    parallel_for_each(i, extent(64)) { w->x[i] += by * (float)(i % 5); }
}

static void count_big(const world *w, unsigned *hits) {
    parallel_for_each(i, extent(64)) {
        if (w->x[i] > 3.0f) camp_atomic_fetch_add(hits, 1u);
    }
}

static float apply(const params *p, float x) restrict(cpu, amp) { return x * p->scale + p->bias; }

int main(void) {
    world local_world = {0};
    step(&g_world, 1.0f);
    step(&g_world, 0.5f);
    step(&local_world, 2.0f);
    count_big(&g_world, &g_hits);
    float out[16];
    params prm = {2.0f, 1.0f};
    const params *p = &prm;
    parallel_for_each(i, extent(16)) { out[i] = apply(p, (float)i) + g_world.x[i]; }
    printf("hits %u\n", g_hits);
    for (int i = 0; i < 16; i++) printf("%d: %g %g %g\n", i, g_world.x[i], local_world.x[i], out[i]);
    return 0;
}
