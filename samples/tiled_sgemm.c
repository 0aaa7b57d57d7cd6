// needs: shaderInt64 shaderInt8
/* tiled_sgemm.c — a fast matrix multiply, register-blocked: each tile of
 * 16 x 16 threads computes a 128 x 128 block of C, each thread an 8 x 8
 * block of it held in registers. For every step of 8 along k the tile
 * stages a 128 x 8 slice of A (transposed) and an 8 x 128 slice of B in
 * tile_static memory; every value staged there is used 8 times from
 * registers. Two buffers of each: while the tile computes on one, each
 * thread loads the next slices' values from memory (one float4 of A and
 * one of B) and then stores them into the other, so one barrier per step
 * suffices and the loads' latency hides behind the arithmetic.
 *
 * A thread (ty, tx) owns rows ty*4..ty*4+3 and 64+ty*4..64+ty*4+3 and the
 * same columns with tx, so that its tile_static reads and its global
 * writes are float4s, and neighbouring threads write neighbouring float4s.
 *
 * sgemm_blocked() is the kernel bench/camp/sgemm_blocked.c measures (a
 * test keeps the two identical). Prints a check against the CPU on stdout
 * and the kernel time on stderr. */
#include <camp.h>
#include <stdio.h>
#include <time.h>

#define N 512 /* a multiple of BLOCK */

static double seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC); /* C11 */
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define BLOCK 128 /* C block per tile */
#define BK 8      /* k per step */
#define SIDE 16   /* threads per tile side */

/* c = a x b, n x n, n a multiple of BLOCK. */
static void sgemm_blocked(int n, const float (*a)[n], const float (*b)[n], float (*c)[n]) {
    parallel_for_each(t, tile(extent(n / 8, n / 8), SIDE, SIDE)) {
        /* as[s][k][r]: A's rows 4r..4r+3 at column k of the step (33, not
         * 32: the transposing stores fall into different banks);
         * bs[s][k][q]: B's row k of the step, columns 4q..4q+3. */
        tile_static float4 as[2][BK][BLOCK / 4 + 1];
        tile_static float4 bs[2][BK][BLOCK / 4];
        int ty = t.local[0], tx = t.local[1], id = ty * SIDE + tx;
        int row0 = t.tile[0] * BLOCK, col0 = t.tile[1] * BLOCK;
        /* This thread's share of each step's slices: 4 floats of A's row
         * a_row from column a_col, and B's row b_row, float4 column b_q. */
        int a_row = id / 2, a_col = id % 2 * 4, b_row = id / 32, b_q = id % 32;
        const float *a_next = &a[row0 + a_row][a_col];
        const float *b_next = &b[b_row][col0 + b_q * 4];

        float4 a_load = *(const float4 *)a_next, b_load = *(const float4 *)b_next;
        for (int i = 0; i < 4; i++) as[0][a_col + i][a_row / 4][a_row % 4] = a_load[i];
        bs[0][b_row][b_q] = b_load;
        tile_barrier_wait(t.barrier);

        float acc[8][8] = {{0}};
        for (int k0 = 0; k0 < n; k0 += BK) {
            int s = k0 / BK % 2;
            bool more = k0 + BK < n;
            if (more) {
                a_load = *(const float4 *)(a_next + k0 + BK);
                b_load = *(const float4 *)(b_next + (k0 + BK) * n);
            }
            for (int k = 0; k < BK; k++) {
                float4 a_lo = as[s][k][ty], a_hi = as[s][k][SIDE + ty];
                float4 b_lo = bs[s][k][tx], b_hi = bs[s][k][SIDE + tx];
                for (int i = 0; i < 4; i++)
                    for (int j = 0; j < 4; j++) {
                        acc[i][j] += a_lo[i] * b_lo[j];
                        acc[i][4 + j] += a_lo[i] * b_hi[j];
                        acc[4 + i][j] += a_hi[i] * b_lo[j];
                        acc[4 + i][4 + j] += a_hi[i] * b_hi[j];
                    }
            }
            if (more) {
                for (int i = 0; i < 4; i++) as[1 - s][a_col + i][a_row / 4][a_row % 4] = a_load[i];
                bs[1 - s][b_row][b_q] = b_load;
            }
            tile_barrier_wait(t.barrier);
        }

        for (int i = 0; i < 8; i++) {
            int row = row0 + (i < 4 ? ty * 4 + i : BLOCK / 2 + ty * 4 + i - 4);
            *(float4 *)&c[row][col0 + tx * 4] = (float4){acc[i][0], acc[i][1], acc[i][2], acc[i][3]};
            *(float4 *)&c[row][col0 + BLOCK / 2 + tx * 4] = (float4){acc[i][4], acc[i][5], acc[i][6], acc[i][7]};
        }
    }
}

static float a[N][N], b[N][N], c[N][N];

int main(void) {
    int n = N;
    /* small integers: every partial sum is exact, so the CPU's answer is bit-identical */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i][j] = (float)((i + 2 * j) % 7 - 3);
            b[i][j] = (float)((3 * i + j) % 5 - 2);
        }
    /* sgemm_blocked takes pointers: views make the rows available to its kernel */
    array_view(a, n);
    array_view(b, n);
    array_view(c, n);
    array_view_discard_data(c); /* c is only written: nothing to copy in */

    double start = seconds();
    sgemm_blocked(n, a, b, c);
    array_view_synchronize(c); /* waits for the kernel, copies c back */
    double elapsed = seconds() - start;

    long wrong = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            float s = 0.0f;
            for (int k = 0; k < n; k++) s += a[i][k] * b[k][j];
            wrong += c[i][j] != s;
        }
    printf("register-blocked matrix multiply %dx%d: %s\n", n, n, wrong ? "DIFFERS from the CPU" : "matches the CPU");
    fprintf(stderr, "kernel time (with copies): %.3f ms\n", elapsed * 1e3);
    array_view_release(a);
    array_view_release(b);
    array_view_release(c);
    return wrong != 0;
}
