/* hgemm_loops — C = A x B, half inputs, float accumulation, written as a
 * C++ AMP program writes a tiled matrix multiply: tiles of 32 x 32
 * threads, each thread one element of C, tile_static tiles of A and B, a
 * barrier, a loop of multiply-adds into a float, a barrier. campcc lowers
 * that loop to matrix fragments by itself (docs/dialect.md §4.9:
 * --dump-kernels says so), so on a device with cooperative matrices it
 * runs on the tensor cores; hgemm_fragment is the same product written
 * with fragments and tuned by hand. Its row is "campcc-loops". n must be a
 * multiple of 32. */
#include <camp.h>

#include "hgemm_main.h"

enum { TS = 32 };

static void hgemm(int n, const half *a, const half *b, float *c) {
    parallel_for_each(t, tile(extent(n, n), TS, TS)) {
        tile_static half as[TS][TS], bs[TS][TS];
        int row = t.local[0], col = t.local[1];
        float sum = 0;
        for (int k0 = 0; k0 < n; k0 += TS) {
            as[row][col] = a[(size_t)t.global[0] * n + k0 + col];
            bs[row][col] = b[(size_t)(k0 + row) * n + t.global[1]];
            tile_barrier_wait(t.barrier);
            for (int k = 0; k < TS; k++) sum += (float)as[row][k] * (float)bs[k][col];
            tile_barrier_wait(t.barrier);
        }
        c[(size_t)t.global[0] * n + t.global[1]] = sum;
    }
}

int main(int argc, char **argv) { return hgemm_main(argc, argv, "campcc-loops", hgemm, TS); }
