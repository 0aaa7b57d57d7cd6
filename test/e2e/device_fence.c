// test: tiled
/* camp_device_fence: one tile hands its result to another within one
 * kernel. A tiled sum whose last tile to finish (a ticket from a counter)
 * adds the tiles' sums, five launches in a row (the last tile resets the
 * counter); and an untiled kernel whose threads publish a value through a
 * helper (an atomic store and the fence), the last thread to take a
 * ticket adding all of them. Whole numbers in floats: every order of
 * adding gives the host's sums exactly. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

#define TS 64
enum { N = 1 << 18, TILES = 48, M = 5000 };

static float as_float(unsigned u) restrict(amp) {
    union { unsigned u; float f; } v;
    v.u = u;
    return v.f;
}

static unsigned as_uint(float f) restrict(amp) {
    union { unsigned u; float f; } v;
    v.f = f;
    return v.u;
}

/* Stores v where other tiles read it, ordered before what follows. */
static void publish(int *slot, int v) restrict(amp) {
    camp_atomic_store(slot, v);
    camp_device_fence();
}

int main(void) {
    static float in[N];
    float want = 0, got[5];
    for (int i = 0; i < N; i++) in[i] = (float)(i % 11) - 5.0f;
    for (int i = 0; i < N; i++) want += in[i];
    unsigned zero = 0, *partial = array_new(unsigned, TILES, NULL), *done = array_new(unsigned, 1, &zero);
    float *total = array_new(float, 1, NULL);
    for (int r = 0; r < 5; r++) {
        parallel_for_each(t, tile(extent(TILES * TS), TS)) {
            tile_static float sums[TS];
            tile_static int last;
            float s = 0;
            for (int i = t.global; i < N; i += TILES * TS) s += in[i];
            sums[t.local] = s;
            tile_barrier_wait(t.barrier);
            if (t.local == 0) {
                for (int i = 1; i < TS; i++) s += sums[i];
                camp_atomic_store(&partial[t.tile], as_uint(s));
                camp_device_fence(); /* the sum before the ticket */
                last = camp_atomic_fetch_inc(&done[0]) == TILES - 1;
                camp_device_fence(); /* the ticket before the sums read */
            }
            tile_barrier_wait(t.barrier);
            if (last && t.local == 0) {
                float sum = 0;
                for (int i = 0; i < TILES; i++) sum += as_float(camp_atomic_load(&partial[i]));
                total[0] = sum;
                camp_atomic_store(&done[0], 0u);
            }
        }
        array_copy_out(&got[r], total, 1);
    }
    int bad = 0;
    for (int r = 0; r < 5; r++)
        if (got[r] != want) printf("launch %d: the last tile's sum %g, want %g\n", r, got[r], want), bad++;

    int *values = array_new(int, M, NULL), *tickets = array_new(int, 1, NULL), *sum = array_new(int, 1, NULL);
    int zero_int = 0;
    array_copy_in(tickets, &zero_int, 1);
    parallel_for_each(i, extent(M)) {
        publish(&values[i], 3 * i - 7);
        if (camp_atomic_fetch_inc(&tickets[0]) == M - 1) {
            camp_device_fence();
            int s = 0;
            for (int j = 0; j < M; j++) s += camp_atomic_load(&values[j]);
            sum[0] = s;
        }
    }
    int untiled = 0, want_untiled = 0;
    for (int i = 0; i < M; i++) want_untiled += 3 * i - 7;
    array_copy_out(&untiled, sum, 1);
    if (untiled != want_untiled) printf("untiled: the last thread's sum %d, want %d\n", untiled, want_untiled), bad++;
    printf("%s: sums %g (five launches) and %d\n", bad ? "FAIL" : "OK", got[4], untiled);
    return bad != 0;
}
