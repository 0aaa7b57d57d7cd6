/* nbody — the accelerations of 64 Ki bodies from each other: each tile of
 * 256 threads (one body each) stages 256 bodies at a time in tile_static
 * memory and every thread adds their pulls on its body
 * (problems/nbody.h). */
#include <camp.h>

#include "../problems/nbody.h"
#include "camp_bench.h"

#define TS NBODY_TILE

typedef struct nbody_data {
    int n, runs;
    float4 *bodies, *acc;
} nbody_data;

static void repetition(void *context) {
    nbody_data *d = context;
    int n = d->n;
    const float4 *bodies = d->bodies;
    float4 *acc = d->acc;
    for (int r = 0; r < d->runs; r++) {
        parallel_for_each(t, tile(extent(n), TS)) {
            tile_static float4 staged[TS];
            float3 p = bodies[t.global].xyz, a = {0.0f, 0.0f, 0.0f};
            for (int j0 = 0; j0 < n; j0 += TS) {
                staged[t.local] = bodies[j0 + t.local];
                tile_barrier_wait(t.barrier);
                for (int j = 0; j < TS; j++) {
                    float4 other = staged[j];
                    float3 dist = other.xyz - p;
                    float inv = fast_math_rsqrt(dist.x * dist.x + dist.y * dist.y + dist.z * dist.z + NBODY_EPS2);
                    a += dist * (other.w * inv * inv * inv);
                }
                tile_barrier_wait(t.barrier);
            }
            acc[t.global] = (float4){a.x, a.y, a.z, 0.0f};
        }
    }
    camp_bench_wait();
}

int main(int argc, char **argv) {
    bench_options o = bench_parse(argc, argv, "nbody", NBODY_SIZE, NBODY_QUICK, NBODY_RUNS);
    nbody_validate(&o);
    camp_bench_require(&o, 2.0 * 16 * (double)o.size, o.size);
    size_t n = (size_t)o.size;
    float *bodies = bench_alloc(&o, n * 4 * sizeof *bodies), *acc = bench_alloc(&o, n * 4 * sizeof *acc);
    nbody_init(bodies, o.size);
    nbody_data d = {(int)n, o.runs, array_new(float4, n, bodies), array_new(float4, n, NULL)};
    double ms = bench_measure(&o, repetition, &d);
    array_copy_out((float4 *)acc, d.acc, n);
    nbody_check(&o, "campcc", bodies, acc);
    nbody_report(&o, "campcc", ms);
    array_delete(d.bodies);
    array_delete(d.acc);
    free(bodies);
    free(acc);
    return 0;
}
