// needs: shaderInt64
// test: tiled
/* Barriers in control flow that is the same for every thread of a tile,
 * which the uniformity check must accept: loops with captured or
 * tile-uniform bounds, a while loop, a switch on t.tile, an if on
 * t.tile_origin, a helper that waits (called with uniform arguments) and a
 * helper with its own tile_static variable; plus fences anywhere, even
 * under conditions on t.local. Each step's result is checked on the host. */
#include <camp.h>
#include <stdio.h>

#define TS 32
enum { N = TS * 6 };

/* Rotates the tile's values by one place: every thread waits twice. */
static int rotate(tile_barrier b, int local, int value) restrict(amp) {
    tile_static int ring[TS];
    ring[local] = value;
    tile_barrier_wait(b);
    int next = ring[(local + 1) % TS];
    tile_barrier_wait(b);
    return next;
}

/* The sum of the first `count` values of the tile (count is uniform). */
static int prefix_total(tile_barrier b, int local, int value, int count) restrict(amp) {
    tile_static int vals[TS];
    vals[local] = value;
    tile_barrier_wait_with_tile_static_memory_fence(b);
    int s = 0;
    for (int i = 0; i < count; i++) s += vals[i];
    tile_barrier_wait_with_tile_static_memory_fence(b);
    return s;
}

int main(void) {
    int in[N], out_loop[N], out_switch[N], out_helpers[N], out_fence[N];
    for (int i = 0; i < N; i++) in[i] = i * 3 + 1;
    int rounds = 5;
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int acc[TS];
        acc[t.local] = in[t.global];
        tile_barrier_wait(t.barrier);
        /* a for loop with a captured bound, a while loop with a tile-uniform one */
        for (int r = 0; r < rounds; r++) {
            int left = acc[(t.local + TS - 1) % TS];
            tile_barrier_wait(t.barrier);
            acc[t.local] += left;
            tile_barrier_wait(t.barrier);
        }
        int k = t.tile;
        while (k > 0) {
            tile_barrier_wait_with_global_memory_fence(t.barrier);
            k--;
        }
        out_loop[t.global] = acc[t.local];

        /* a switch on the tile number, an if on its origin */
        int v = in[t.global];
        switch (t.tile % 3) {
        case 0:
            v = rotate(t.barrier, t.local, v);
            break;
        case 1:
            v = rotate(t.barrier, t.local, rotate(t.barrier, t.local, v));
            break;
        default:
            tile_barrier_wait(t.barrier);
            v = -v;
            break;
        }
        if (t.tile_origin >= TS * 3) v += prefix_total(t.barrier, t.local, 1, t.tile);
        out_switch[t.global] = v;
        out_helpers[t.global] = prefix_total(t.barrier, t.local, in[t.global], TS);

        /* fences do not wait: they may be anywhere */
        if (t.local % 2) global_memory_fence(t.barrier);
        else tile_static_memory_fence(t.barrier);
        all_memory_fence(t.barrier);
        out_fence[t.global] = t.local;
    }

    int bad = 0;
    for (int tile = 0; tile < N / TS; tile++) {
        int acc[TS], next[TS];
        for (int l = 0; l < TS; l++) acc[l] = in[tile * TS + l];
        for (int r = 0; r < rounds; r++) {
            for (int l = 0; l < TS; l++) next[l] = acc[l] + acc[(l + TS - 1) % TS];
            for (int l = 0; l < TS; l++) acc[l] = next[l];
        }
        int total = 0;
        for (int l = 0; l < TS; l++) total += in[tile * TS + l];
        for (int l = 0; l < TS; l++) {
            int i = tile * TS + l, shift = tile % 3 == 0 ? 1 : 2;
            int v = tile % 3 == 2 ? -in[i] : in[tile * TS + (l + shift) % TS];
            if (tile * TS >= TS * 3) v += tile;
            if (out_loop[i] != acc[l] || out_switch[i] != v || out_helpers[i] != total || out_fence[i] != l) {
                if (bad++ < 5)
                    printf("thread %d: %d %d %d %d, want %d %d %d %d\n", i, out_loop[i], out_switch[i],
                           out_helpers[i], out_fence[i], acc[l], v, total, l);
            }
        }
    }
    printf("barriers in uniform control flow: %s\n", bad ? "MISMATCH" : "ok");
    return bad != 0;
}
