// CUDA's warp-synchronous code ported as written (a reduction's unrolled
// last warp: tile_static memory through a volatile pointer, no barrier
// between the steps, or a volatile tile_static array): a tile's threads
// do not run in step, so the steps race: a warning says so and what to
// write. A volatile pointer to other memory gets none.
#include <camp.h>

static void warp_reduce(volatile int *s, unsigned tid) restrict(amp) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
}

static void bump(volatile int *p) restrict(amp) { *p += 1; }

int main(void) {
    int in[64], out[64];
    parallel_for_each(t, tile(extent(64), 64)) {
        tile_static int sdata[64];
        tile_static volatile int flags[64];
        unsigned tid = t.local;
        sdata[tid] = in[t.global];
        flags[tid] = 0;
        tile_barrier_wait(t.barrier);
        if (tid < 32) warp_reduce(sdata, tid);
        bump(&out[t.global]);
        if (tid == 0) out[0] = sdata[0] + flags[1];
    }
    return out[0];
}
// expect-warning: 19:34: 'volatile' does not make the threads of a tile run in step, as CUDA's warp-synchronous code expects of a warp: the steps that read what other threads wrote to tile_static 'flags' race
// expect-warning: 24:35: the steps that read what other threads wrote to tile_static 'sdata' race; wait at tile_barrier_wait between them, or sum with subgroup_reduce_add
