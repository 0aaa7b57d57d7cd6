// test: tiled
// needs: shaderInt64
/* A tiled kernel calls restrict(amp) functions that read a global array
 * and a global scalar and count into a global (globals_in_helpers.c has
 * the untiled forms); checked against the CPU. */
#include <camp.h>
#include <stdio.h>

#define N 4096
#define T 64

int data[N], tilesum[N / T];
int bias = 5;
int negatives;

static int biased(int i) restrict(amp) { return data[i] + bias; }
static void count_negative(int v) restrict(amp) {
    if (v < 0) camp_atomic_fetch_add(&negatives, 1);
}

int main(void) {
    for (int i = 0; i < N; i++) data[i] = (i * 7919) % 1000 - 300;
    parallel_for_each(t, tile(extent(N), T)) {
        tile_static int part[T];
        part[t.local] = biased(t.global);
        count_negative(part[t.local]);
        tile_barrier_wait(t.barrier);
        if (t.local == 0) {
            int s = 0;
            for (int k = 0; k < T; k++) s += part[k];
            tilesum[t.tile] = s;
        }
    }
    int bad = 0, neg = 0;
    for (int b = 0; b < N / T; b++) {
        int s = 0;
        for (int k = 0; k < T; k++) {
            s += data[b * T + k] + bias;
            neg += data[b * T + k] + bias < 0;
        }
        bad += s != tilesum[b];
    }
    bad += neg != negatives;
    printf("%d tiles wrong, %d negatives (%d expected)\n", bad, negatives, neg);
    return bad != 0;
}
