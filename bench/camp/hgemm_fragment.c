/* hgemm_fragment — C = A x B, half inputs, float accumulation, through
 * matrix fragments (camp_fragment.h): on a device with cooperative
 * matrices, the tensor cores. Each tile of 256 threads computes a 128 x 128
 * block of C; its subgroups (8 of 32 threads on NVIDIA) each own a 64 x 32
 * part of it as 4 x 2 accumulators of 16 x 16. For every step of 16 along
 * k the tile stages a 128 x 16 slice of A and a 16 x 128 slice of B in
 * tile_static memory (rows padded by 16 bytes, against bank conflicts),
 * two buffers of each: each thread loads its share of the next slices
 * (half4s) while the subgroups multiply the current ones, then stores
 * them, one barrier per step. A subgroup wider than 32 threads leaves
 * parts of C to no one: the kernel is written for subgroups of 32 or fewer
 * (on fewer, the spare subgroups of a tile only stage). n must be a
 * multiple of 128. */
#include <camp.h>

#include "../problems/hgemm.h"
#include "camp_bench.h"

#define BLOCK 128          /* C block per tile */
#define BK 16              /* k per step (two buffers of A and B in 21 KiB: lavapipe allows 32) */
#define THREADS 256        /* per tile */
#define WM 64              /* rows of C per subgroup */
#define WN 32              /* columns of C per subgroup */
#define TASKS ((BLOCK / WM) * (BLOCK / WN))
#define LDA (BK + 8)       /* tile_static row lengths, in halves */
#define LDB (BLOCK + 8)
#define A_SLICE (BLOCK * LDA)
#define B_SLICE (BK * LDB)
#define A_LOADS (BLOCK * BK / 4 / THREADS) /* half4s of A per thread per step */
#define B_LOADS (BK * BLOCK / 4 / THREADS)

static void hgemm(int n, const half *a, const half *b, float *c) {
    parallel_for_each(t, tile(extent((n / BLOCK) * (n / BLOCK) * THREADS), THREADS)) {
        tile_static half as[2 * A_SLICE];
        tile_static half bs[2 * B_SLICE];
        int row0 = t.tile / (n / BLOCK) * BLOCK, col0 = t.tile % (n / BLOCK) * BLOCK, id = t.local;
        int task = (int)subgroup_id();
        int wrow = task / (BLOCK / WN) * WM, wcol = task % (BLOCK / WN) * WN;
        half4 a_load[A_LOADS], b_load[B_LOADS];
        /* this thread's half4s: A's row (id*A_LOADS+i) / (BK/4), B's row likewise over BLOCK/4 */
        for (int i = 0; i < A_LOADS; i++) {
            int q = id * A_LOADS + i;
            a_load[i] = *(const half4 *)(a + (size_t)(row0 + q / (BK / 4)) * n + q % (BK / 4) * 4);
        }
        for (int i = 0; i < B_LOADS; i++) {
            int q = id * B_LOADS + i;
            b_load[i] = *(const half4 *)(b + (size_t)(q / (BLOCK / 4)) * n + col0 + q % (BLOCK / 4) * 4);
        }
        fragment_acc(float, 16, 16, 16) acc[(WM / 16) * (WN / 16)];
        for (int i = 0; i < (WM / 16) * (WN / 16); i++) fragment_fill(acc[i], 0.0f);
        for (int k0 = 0; k0 < n; k0 += BK) {
            int s = k0 / BK % 2;
            for (int i = 0; i < A_LOADS; i++) {
                int q = id * A_LOADS + i;
                for (int e = 0; e < 4; e++) as[s * A_SLICE + q / (BK / 4) * LDA + q % (BK / 4) * 4 + e] = a_load[i][e];
            }
            for (int i = 0; i < B_LOADS; i++) {
                int q = id * B_LOADS + i;
                for (int e = 0; e < 4; e++) bs[s * B_SLICE + q / (BLOCK / 4) * LDB + q % (BLOCK / 4) * 4 + e] = b_load[i][e];
            }
            tile_barrier_wait(t.barrier);
            if (k0 + BK < n) {
                for (int i = 0; i < A_LOADS; i++) {
                    int q = id * A_LOADS + i;
                    a_load[i] = *(const half4 *)(a + (size_t)(row0 + q / (BK / 4)) * n + k0 + BK + q % (BK / 4) * 4);
                }
                for (int i = 0; i < B_LOADS; i++) {
                    int q = id * B_LOADS + i;
                    b_load[i] = *(const half4 *)(b + (size_t)(k0 + BK + q / (BLOCK / 4)) * n + col0 + q % (BLOCK / 4) * 4);
                }
            }
            if (task < TASKS)
                for (int k = 0; k < BK; k += 16) {
                    fragment_a(half, 16, 16, 16) fa[WM / 16];
                    fragment_b(half, 16, 16, 16) fb[WN / 16];
                    for (int i = 0; i < WM / 16; i++)
                        fragment_load(fa[i], as + s * A_SLICE + (wrow + 16 * i) * LDA + k, LDA, fragment_row_major);
                    for (int j = 0; j < WN / 16; j++)
                        fragment_load(fb[j], bs + s * B_SLICE + k * LDB + wcol + 16 * j, LDB, fragment_row_major);
                    for (int i = 0; i < WM / 16; i++)
                        for (int j = 0; j < WN / 16; j++)
                            fragment_mma(acc[i * (WN / 16) + j], fa[i], fb[j], acc[i * (WN / 16) + j]);
                }
        }
        if (task < TASKS)
            for (int i = 0; i < WM / 16; i++)
                for (int j = 0; j < WN / 16; j++)
                    fragment_store(c + (size_t)(row0 + wrow + 16 * i) * n + col0 + wcol + 16 * j, acc[i * (WN / 16) + j],
                                   n, fragment_row_major);
    }
}

typedef struct hgemm_data {
    int n, runs;
    half *a, *b;
    float *c;
} hgemm_data;

static void hgemm_repetition(void *context) {
    hgemm_data *d = context;
    for (int r = 0; r < d->runs; r++) hgemm(d->n, d->a, d->b, d->c);
    camp_bench_wait();
}

int main(int argc, char **argv) {
    bench_options at[2];
    int count = hgemm_parse(argc, argv, BLOCK, at);
    for (int s = 0; s < count; s++) {
        bench_options *o = &at[s];
        size_t n = (size_t)o->size, elements = n * n;
        camp_bench_require(o, (2.0 * 2 + 4) * (double)elements, o->size);
        uint16_t *a = bench_alloc(o, elements * sizeof *a), *b = bench_alloc(o, elements * sizeof *b);
        float *c = bench_alloc(o, elements * sizeof *c);
        hgemm_init(a, b, o->size);
        hgemm_data d = {(int)n, o->runs, array_new(half, elements, a), array_new(half, elements, b),
                        array_new(float, elements, NULL)};
        double ms = bench_measure(o, hgemm_repetition, &d);
        array_copy_out(c, d.c, elements);
        hgemm_check(o, "campcc", a, b, c);
        hgemm_report(o, "campcc", ms, "");
        array_delete(d.a);
        array_delete(d.b);
        array_delete(d.c);
        free(a);
        free(b);
        free(c);
    }
    return 0;
}
