// needs: shaderInt64
// test: tiled
/* tile_static variables of every shape — a scalar, 1-D and 2-D arrays, a
 * struct — used directly, through pointers passed to helpers (the helpers
 * are specialised for tile_static memory), by atomics through a pointer,
 * and declared inside a helper called from the kernel. */
#include <camp.h>
#include <stdio.h>

#define TS 16
enum { N = TS * 4, TILES = N / TS };

typedef struct stats {
    int sum;
    int count;
} stats;

static void add_to(int *p, int v) restrict(amp) { camp_atomic_fetch_add(p, v); }

static int total(const int *row, int n) restrict(amp) {
    int s = 0;
    for (int i = 0; i < n; i++) s += row[i];
    return s;
}

static void record(stats *s, int sum) restrict(amp) {
    s->sum = sum;
    s->count += 1;
}

/* a helper's own tile_static: one per tile, like the kernel's */
static int tile_max(tile_barrier b, int local, int v) restrict(amp) {
    tile_static int best;
    if (local == 0) best = v;
    tile_barrier_wait(b);
    camp_atomic_fetch_max(&best, v);
    tile_barrier_wait(b);
    return best;
}

int main(void) {
    int acc_out[TILES], sum_out[TILES], count_out[TILES], grid_out[N], max_out[N];
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int acc;
        tile_static int vals[TS];
        tile_static int grid[2][TS / 2];
        tile_static stats st;
        if (t.local == 0) {
            acc = 0;
            st.sum = 0;
            st.count = 0;
        }
        vals[t.local] = t.global;
        grid[t.local / (TS / 2)][t.local % (TS / 2)] = t.local * 10;
        tile_barrier_wait(t.barrier);
        add_to(&acc, 2);
        int *p = vals;
        int s = total(p, TS);
        if (t.local == 0) record(&st, s);
        grid_out[t.global] = grid[1 - t.local / (TS / 2)][t.local % (TS / 2)];
        max_out[t.global] = tile_max(t.barrier, t.local, (t.global * 7) % 23);
        tile_barrier_wait(t.barrier);
        if (t.local == 0) {
            acc_out[t.tile] = acc;
            sum_out[t.tile] = st.sum;
            count_out[t.tile] = st.count;
        }
    }
    int bad = 0;
    for (int tile = 0; tile < TILES; tile++) {
        int want_sum = 0, want_max = 0;
        for (int l = 0; l < TS; l++) {
            int g = tile * TS + l;
            want_sum += g;
            want_max = (g * 7) % 23 > want_max ? (g * 7) % 23 : want_max;
        }
        if (acc_out[tile] != 2 * TS || sum_out[tile] != want_sum || count_out[tile] != 1) {
            bad++;
            printf("tile %d: acc %d sum %d count %d\n", tile, acc_out[tile], sum_out[tile], count_out[tile]);
        }
        for (int l = 0; l < TS; l++) {
            int g = tile * TS + l, other = (l + TS / 2) % TS;
            if (grid_out[g] != other * 10 || max_out[g] != want_max) {
                if (bad++ < 5) printf("thread %d: grid %d max %d\n", g, grid_out[g], max_out[g]);
            }
        }
    }
    printf("tile_static scalars, arrays, structs and pointers: %s\n", bad ? "MISMATCH" : "ok");
    return bad != 0;
}
