/* hgemm_fragment — C = A x B, half inputs, float accumulation, through
 * matrix fragments (camp_fragment.h): on a device with cooperative
 * matrices, the tensor cores. Each tile of 256 threads computes a 128 x 256
 * block of C; its subgroups (8 of 32 threads on NVIDIA) each own a 64 x 64
 * part of it as 4 x 4 accumulators of 16 x 16, an A fragment serving a row
 * of them and a B fragment, loaded one at a time, a column. For every step
 * of 32 along k the tile stages a 128 x 32 slice of A and a 32 x 256 slice
 * of B in tile_static memory (rows padded by 16 bytes, against bank
 * conflicts; 27 KiB, which lavapipe's 32 allow): each thread loads its
 * share of the next slices (16-byte units, consecutive threads taking
 * consecutive units) while the subgroups multiply the current ones, then
 * stores them after a second barrier (STAGES 2: two buffers, one barrier). A subgroup wider than 32 threads leaves
 * parts of C to no one: the kernel is written for subgroups of 32 or fewer
 * (on fewer, the spare subgroups of a tile only stage). n must be a
 * multiple of 256. */
#include <camp.h>

#include "hgemm_main.h"

#ifndef BM
#define BM 128             /* C block per tile: rows */
#endif
#ifndef BN
#define BN 256             /* and columns */
#endif
#ifndef BK
#define BK 32              /* k per step */
#endif
#ifndef WM
#define WM 64              /* rows of C per subgroup */
#endif
#ifndef WN
#define WN 64              /* columns of C per subgroup */
#endif
#ifndef STAGES
#define STAGES 1           /* buffers of the slices: 2, one barrier per step; 1, two */
#endif
#define TASKS ((BM / WM) * (BN / WN))
#define THREADS (TASKS * 32) /* per tile: a subgroup of 32 per part of C */
#define LDA (BK + 8)       /* tile_static row lengths, in halves */
#define LDB (BN + 8)
#define A_SLICE (BM * LDA)
#define B_SLICE (BK * LDB)
#define A_LOADS (BM * BK / 8 / THREADS) /* 16-byte units of A per thread per step */
#define B_LOADS (BK * BN / 8 / THREADS)

static void hgemm(int n, const half *a, const half *b, float *c) {
    parallel_for_each(t, tile(extent((n / BM) * (n / BN) * THREADS), THREADS)) {
        /* the slices in 16-byte units: 8 halves each */
        tile_static uint4 as[STAGES * A_SLICE / 8];
        tile_static uint4 bs[STAGES * B_SLICE / 8];
        int row0 = t.tile / (n / BN) * BM, col0 = t.tile % (n / BN) * BN, id = t.local;
        int task = (int)subgroup_id();
        int wrow = task / (BN / WN) * WM, wcol = task % (BN / WN) * WN;
        /* this thread's units of each step's slices: unit q of A is row
         * q / (BK / 8), halves q % (BK / 8) * 8 on; of B, row q / (BN / 8) */
        uint4 a_load[A_LOADS], b_load[B_LOADS];
        for (int i = 0; i < A_LOADS; i++) {
            int q = i * THREADS + id;
            a_load[i] = *(const uint4 *)(a + (size_t)(row0 + q / (BK / 8)) * n + q % (BK / 8) * 8);
        }
        for (int i = 0; i < B_LOADS; i++) {
            int q = i * THREADS + id;
            b_load[i] = *(const uint4 *)(b + (size_t)(q / (BN / 8)) * n + col0 + q % (BN / 8) * 8);
        }
        fragment_acc(float, 16, 16, 16) acc[(WM / 16) * (WN / 16)];
        for (int i = 0; i < (WM / 16) * (WN / 16); i++) fragment_fill(acc[i], 0.0f);
        for (int k0 = 0; k0 < n; k0 += BK) {
            int s = k0 / BK % STAGES;
            for (int i = 0; i < A_LOADS; i++) {
                int q = i * THREADS + id;
                as[(s * A_SLICE + q / (BK / 8) * LDA) / 8 + q % (BK / 8)] = a_load[i];
            }
            for (int i = 0; i < B_LOADS; i++) {
                int q = i * THREADS + id;
                bs[(s * B_SLICE + q / (BN / 8) * LDB) / 8 + q % (BN / 8)] = b_load[i];
            }
            tile_barrier_wait(t.barrier);
            if (k0 + BK < n) {
                for (int i = 0; i < A_LOADS; i++) {
                    int q = i * THREADS + id;
                    a_load[i] = *(const uint4 *)(a + (size_t)(row0 + q / (BK / 8)) * n + k0 + BK + q % (BK / 8) * 8);
                }
                for (int i = 0; i < B_LOADS; i++) {
                    int q = i * THREADS + id;
                    b_load[i] = *(const uint4 *)(b + (size_t)(k0 + BK + q / (BN / 8)) * n + col0 + q % (BN / 8) * 8);
                }
            }
            if (task < TASKS)
                for (int k = 0; k < BK; k += 16) {
                    fragment_a(half, 16, 16, 16) fa[WM / 16];
                    for (int i = 0; i < WM / 16; i++)
                        fragment_load(fa[i], as + (s * A_SLICE + (wrow + 16 * i) * LDA + k) / 8, LDA, fragment_row_major);
                    for (int j = 0; j < WN / 16; j++) { /* one B fragment at a time: fewer registers held */
                        fragment_b(half, 16, 16, 16) fb;
                        fragment_load(fb, bs + (s * B_SLICE + k * LDB + wcol + 16 * j) / 8, LDB, fragment_row_major);
                        for (int i = 0; i < WM / 16; i++)
                            fragment_mma(acc[i * (WN / 16) + j], fa[i], fb, acc[i * (WN / 16) + j]);
                    }
                }
            if (STAGES == 1) tile_barrier_wait(t.barrier); /* the slices are read before the next are stored */
        }
        if (task < TASKS)
            for (int i = 0; i < WM / 16; i++)
                for (int j = 0; j < WN / 16; j++)
                    fragment_store(c + (size_t)(row0 + wrow + 16 * i) * n + col0 + wcol + 16 * j, acc[i * (WN / 16) + j],
                                   n, fragment_row_major);
    }
}

int main(int argc, char **argv) { return hgemm_main(argc, argv, "campcc", hgemm, BM > BN ? BM : BN); }
