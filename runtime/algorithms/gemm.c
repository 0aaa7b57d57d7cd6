/* gemm.c — camp_gemm_TYPE: C = alpha A B + beta C for row-major matrices
 * (A m x k, B k x n, C m x n, each row `ld` elements after the one
 * before), as BLAS's GEMM without transposes. Two kernels:
 *
 * - any shape: tiles of 16 x 16 threads, one element of C each, staging
 *   16 x 16 blocks of A and B in tile_static memory, zeros past the
 *   matrices' edges;
 * - floats whose m and n are multiples of 128, k of 8, leading dimensions
 *   of 4 and addresses of 16 bytes: the register-blocked kernel of
 *   samples/tiled_sgemm.c (a tile of 16 x 16 threads makes a 128 x 128
 *   block of C, each thread 8 x 8 of it, from slices double-buffered in
 *   tile_static memory), with leading dimensions and alpha and beta.
 *
 * With beta == 0, C is only written (BLAS's rule: it may hold NaNs).
 * Sums run along k in order, each thread's own: a float result is a
 * serial dot product's, rounded at each step, but for the fused
 * multiply-adds a device may make. Compiled once per element type
 * (element_type.h: float, double). */
#include "call_site.h"
#include "element_type.h"
#include "launch_shape.h"

enum { SIDE = 16 };                 /* threads per tile side, both kernels */
enum { BLOCK = 128, BLOCK_K = 8 };  /* the blocked kernel's C block and k step */

/* c = alpha a b + beta c, any shape. */
static void gemm_any(int m, int n, int k, algo_t alpha, const algo_t *a, int lda, const algo_t *b, int ldb,
                     algo_t beta, algo_t *c, int ldc) {
    parallel_for_each(t, tile_pad(tile(extent(m, n), SIDE, SIDE))) {
        tile_static algo_t as[SIDE][SIDE + 1], bs[SIDE][SIDE + 1];
        int ty = t.local[0], tx = t.local[1], row = t.global[0], col = t.global[1];
        algo_t sum = 0;
        for (int k0 = 0; k0 < k; k0 += SIDE) {
            as[ty][tx] = row < m && k0 + tx < k ? a[row * lda + k0 + tx] : 0;
            bs[ty][tx] = k0 + ty < k && col < n ? b[(k0 + ty) * ldb + col] : 0;
            tile_barrier_wait(t.barrier);
            for (int i = 0; i < SIDE; i++) sum += as[ty][i] * bs[i][tx];
            tile_barrier_wait(t.barrier);
        }
        if (row < m && col < n) {
            algo_t *out = &c[row * ldc + col];
            *out = beta == 0 ? alpha * sum : alpha * sum + beta * *out;
        }
    }
}

#ifdef ALGO_FLOAT
/* c = alpha a b + beta c, m and n multiples of BLOCK, k of BLOCK_K, rows
 * and addresses whole float4s. A thread (ty, tx) owns rows ty*4..ty*4+3
 * and 64+ty*4..64+ty*4+3 of its block and the same columns with tx. */
static void gemm_blocked(int m, int n, int k, float alpha, const float *a, int lda, const float *b, int ldb,
                         float beta, float *c, int ldc) {
    parallel_for_each(t, tile(extent(m / 8, n / 8), SIDE, SIDE)) {
        /* as[s][k][r]: A's rows 4r..4r+3 at column k of the step (33, not
         * 32: the transposing stores fall into different banks);
         * bs[s][k][q]: B's row k of the step, columns 4q..4q+3. */
        tile_static float4 as[2][BLOCK_K][BLOCK / 4 + 1];
        tile_static float4 bs[2][BLOCK_K][BLOCK / 4];
        int ty = t.local[0], tx = t.local[1], id = ty * SIDE + tx;
        int row0 = t.tile[0] * BLOCK, col0 = t.tile[1] * BLOCK;
        /* This thread's share of each step's slices: 4 floats of A's row
         * a_row from column a_col, and B's row b_row, float4 column b_q. */
        int a_row = id / 2, a_col = id % 2 * 4, b_row = id / 32, b_q = id % 32;
        const float *a_next = &a[(row0 + a_row) * lda + a_col];
        const float *b_next = &b[b_row * ldb + col0 + b_q * 4];

        float4 a_load = *(const float4 *)a_next, b_load = *(const float4 *)b_next;
        for (int i = 0; i < 4; i++) as[0][a_col + i][a_row / 4][a_row % 4] = a_load[i];
        bs[0][b_row][b_q] = b_load;
        tile_barrier_wait(t.barrier);

        float acc[8][8] = {{0}};
        for (int k0 = 0; k0 < k; k0 += BLOCK_K) {
            int s = k0 / BLOCK_K % 2;
            bool more = k0 + BLOCK_K < k;
            if (more) {
                a_load = *(const float4 *)(a_next + k0 + BLOCK_K);
                b_load = *(const float4 *)(b_next + (k0 + BLOCK_K) * ldb);
            }
            for (int kk = 0; kk < BLOCK_K; kk++) {
                float4 a_lo = as[s][kk][ty], a_hi = as[s][kk][SIDE + ty];
                float4 b_lo = bs[s][kk][tx], b_hi = bs[s][kk][SIDE + tx];
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
            for (int half = 0; half < 2; half++) {
                float4 *out = (float4 *)&c[row * ldc + col0 + half * BLOCK / 2 + tx * 4];
                float4 sum = (float4){acc[i][half * 4], acc[i][half * 4 + 1], acc[i][half * 4 + 2],
                                      acc[i][half * 4 + 3]};
                *out = beta == 0 ? alpha * sum : alpha * sum + beta * *out;
            }
        }
    }
}

static bool whole_float4s(const void *p, int ld) { return (size_t)p % 16 == 0 && ld % 4 == 0; }

static bool blocked_shape(int m, int n, int k, const float *a, int lda, const float *b, int ldb, const float *c,
                          int ldc) {
    return m % BLOCK == 0 && n % BLOCK == 0 && k % BLOCK_K == 0 && whole_float4s(a, lda) && whole_float4s(b, ldb) &&
           whole_float4s(c, ldc);
}
#endif

/* The matrix of `rows` rows of `cols` elements, `ld` apart, in one array
 * or view: the elements from its first to its last. */
static bool matrix_ok(const algo_t *p, size_t rows, size_t cols, size_t ld, bool written, const char *what,
                      const char *call, const char *file, unsigned line) {
    if (ld < cols) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line,
                             "%s: the leading dimension of %s (%zu) is less than its %zu columns", call, what, ld, cols);
        return false;
    }
    size_t span = (rows - 1) * ld + cols;
    return algo_count_fits(span, call, file, line) &&
           camp_memory_check_at(p, (long long)span, sizeof *p, written, what, call, file, line);
}

/* Whether it queued a kernel. */
static bool gemm(size_t m, size_t n, size_t k, algo_t alpha, const algo_t *a, size_t lda, const algo_t *b, size_t ldb,
                 algo_t beta, algo_t *c, size_t ldc, const char *call, const char *file, unsigned line) {
    ALGO_CALL_SITE(call, file, line);
    if (!m || !n) return false;
    if (!k) { /* C = beta C: the k loop of the general kernel runs no step */
        if (!matrix_ok(c, m, n, ldc, true, "c", call, file, line)) return false;
    } else if (!matrix_ok(a, m, k, lda, false, "a", call, file, line) ||
               !matrix_ok(b, k, n, ldb, false, "b", call, file, line) ||
               !matrix_ok(c, m, n, ldc, true, "c", call, file, line)) {
        return false;
    }
    size_t c_bytes = ((m - 1) * ldc + n) * sizeof *c;
    if (k && (algo_overlap(c, c_bytes, a, ((m - 1) * lda + k) * sizeof *a) ||
              algo_overlap(c, c_bytes, b, ((k - 1) * ldb + n) * sizeof *b))) {
        camp_report_error_at(CAMP_ERROR_INVALID_ARGUMENT, file, line, "%s: c overlaps a or b", call);
        return false;
    }
#ifdef ALGO_FLOAT
    if (blocked_shape((int)m, (int)n, (int)k, a, (int)lda, b, (int)ldb, c, (int)ldc)) {
        gemm_blocked((int)m, (int)n, (int)k, alpha, a, (int)lda, b, (int)ldb, beta, c, (int)ldc);
        return true;
    }
#endif
    gemm_any((int)m, (int)n, (int)k, alpha, a, (int)lda, b, (int)ldb, beta, c, (int)ldc);
    return true;
}

void ALGO_NAME(camp_gemm)(size_t m, size_t n, size_t k, algo_t alpha, const algo_t *a, size_t lda, const algo_t *b,
                          size_t ldb, algo_t beta, algo_t *c, size_t ldc, const char *file, unsigned line) {
    gemm(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, ALGO_CALL(camp_gemm), file, line);
}

camp_future *ALGO_ASYNC_NAME(camp_gemm)(size_t m, size_t n, size_t k, algo_t alpha, const algo_t *a, size_t lda,
                                        const algo_t *b, size_t ldb, algo_t beta, algo_t *c, size_t ldc,
                                        const char *file, unsigned line) {
    return algo_future(gemm(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, ALGO_ASYNC_CALL(camp_gemm), file, line));
}
