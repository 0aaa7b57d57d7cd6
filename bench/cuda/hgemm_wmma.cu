// hgemm's CUDA twin: the tensor cores through WMMA (16 x 16 x 16 fragments
// of half with float accumulators), tiled as the Vulkan twin's variant
// 128x128x32_2x2_s2_b8 (glsl/hgemm_coopmat.comp says what each part does):
// a 128 x 128 tile of C per block of 2 x 2 warps, 64 x 64 per warp as 4 x 4
// accumulator fragments, 32 along k per step, A's and B's slices staged
// through double-buffered shared memory in 16-byte loads, rows padded by 16
// bytes, blocks in bands of 8 tile rows.
#include <mma.h>

#include "hgemm_twin.h"

using namespace nvcuda;

constexpr unsigned TILE_M = 128, TILE_N = 128, TILE_K = 32, WARPS_M = 2, WARPS_N = 2, BAND = 8;
constexpr unsigned FRAG = 16, HALVES_PER_VEC = 8, THREADS = 32 * WARPS_M * WARPS_N;
constexpr unsigned FRAGS_M = TILE_M / WARPS_M / FRAG, FRAGS_N = TILE_N / WARPS_N / FRAG;
// The shared slices, in halves: rows padded by 8.
constexpr unsigned A_ROW_VECS = TILE_K / HALVES_PER_VEC, B_ROW_VECS = TILE_N / HALVES_PER_VEC;
constexpr unsigned A_STRIDE = TILE_K + HALVES_PER_VEC, B_STRIDE = TILE_N + HALVES_PER_VEC;
constexpr unsigned A_STAGE = TILE_M * A_STRIDE, B_STAGE = TILE_K * B_STRIDE;
// Each thread's share of a step's loads.
constexpr unsigned A_LOADS = TILE_M * A_ROW_VECS / THREADS, B_LOADS = TILE_K * B_ROW_VECS / THREADS;
static_assert(A_LOADS * THREADS == TILE_M * A_ROW_VECS && B_LOADS * THREADS == TILE_K * B_ROW_VECS,
              "the slices divide evenly into 16-byte loads");

typedef wmma::fragment<wmma::matrix_a, FRAG, FRAG, FRAG, __half, wmma::row_major> a_fragment;
typedef wmma::fragment<wmma::matrix_b, FRAG, FRAG, FRAG, __half, wmma::row_major> b_fragment;
typedef wmma::fragment<wmma::accumulator, FRAG, FRAG, FRAG, float> accumulator;

// Loads the slices of the step at k0 (rows row0.. of A, columns col0.. of B).
static __device__ __forceinline__ void fetch(unsigned n, const __half *a, const __half *b, unsigned row0,
                                             unsigned col0, unsigned k0, uint4 *a_next, uint4 *b_next) {
#pragma unroll
    for (unsigned i = 0; i < A_LOADS; i++) {
        unsigned v = i * THREADS + threadIdx.x;
        a_next[i] = *(const uint4 *)(a + (size_t)(row0 + v / A_ROW_VECS) * n + k0 + v % A_ROW_VECS * HALVES_PER_VEC);
    }
#pragma unroll
    for (unsigned i = 0; i < B_LOADS; i++) {
        unsigned v = i * THREADS + threadIdx.x;
        b_next[i] = *(const uint4 *)(b + (size_t)(k0 + v / B_ROW_VECS) * n + col0 + v % B_ROW_VECS * HALVES_PER_VEC);
    }
}

// Stores them into one stage of the shared slices.
static __device__ __forceinline__ void stash(__half *a_stage, __half *b_stage, const uint4 *a_next,
                                             const uint4 *b_next) {
#pragma unroll
    for (unsigned i = 0; i < A_LOADS; i++) {
        unsigned v = i * THREADS + threadIdx.x;
        *(uint4 *)(a_stage + v / A_ROW_VECS * A_STRIDE + v % A_ROW_VECS * HALVES_PER_VEC) = a_next[i];
    }
#pragma unroll
    for (unsigned i = 0; i < B_LOADS; i++) {
        unsigned v = i * THREADS + threadIdx.x;
        *(uint4 *)(b_stage + v / B_ROW_VECS * B_STRIDE + v % B_ROW_VECS * HALVES_PER_VEC) = b_next[i];
    }
}

__global__ void __launch_bounds__(THREADS)
    hgemm_wmma(unsigned n, const __half *__restrict__ a, const __half *__restrict__ b, float *__restrict__ c) {
    // 32-byte aligned, as WMMA's loads need: every fragment's offset is too.
    __shared__ __align__(32) __half a_slices[2 * A_STAGE];
    __shared__ __align__(32) __half b_slices[2 * B_STAGE];
    // This block's tile: bands of BAND tile rows (the last one maybe
    // fewer), each walked column by column.
    unsigned tiles_n = n / TILE_N, id = blockIdx.y * tiles_n + blockIdx.x;
    unsigned band = id / (BAND * tiles_n), in_band = id % (BAND * tiles_n);
    unsigned band_rows = min(BAND, n / TILE_M - band * BAND);
    unsigned row0 = (band * BAND + in_band % band_rows) * TILE_M, col0 = in_band / band_rows * TILE_N;
    // This warp's block of the tile.
    unsigned warp = threadIdx.x / 32;
    unsigned block_row = warp / WARPS_N * (TILE_M / WARPS_M), block_col = warp % WARPS_N * (TILE_N / WARPS_N);

    accumulator acc[FRAGS_M][FRAGS_N];
#pragma unroll
    for (unsigned i = 0; i < FRAGS_M; i++)
#pragma unroll
        for (unsigned j = 0; j < FRAGS_N; j++) wmma::fill_fragment(acc[i][j], 0.0f);

    uint4 a_next[A_LOADS], b_next[B_LOADS];
    fetch(n, a, b, row0, col0, 0, a_next, b_next);
    for (unsigned k0 = 0; k0 < n; k0 += TILE_K) {
        unsigned s = k0 / TILE_K % 2;
        __half *a_stage = a_slices + s * A_STAGE, *b_stage = b_slices + s * B_STAGE;
        stash(a_stage, b_stage, a_next, b_next);
        __syncthreads();
        if (k0 + TILE_K < n) fetch(n, a, b, row0, col0, k0 + TILE_K, a_next, b_next);
#pragma unroll
        for (unsigned k = 0; k < TILE_K; k += FRAG) {
            a_fragment a_frag[FRAGS_M];
#pragma unroll
            for (unsigned i = 0; i < FRAGS_M; i++)
                wmma::load_matrix_sync(a_frag[i], a_stage + (block_row + i * FRAG) * A_STRIDE + k, A_STRIDE);
#pragma unroll
            for (unsigned j = 0; j < FRAGS_N; j++) {
                b_fragment b_frag;
                wmma::load_matrix_sync(b_frag, b_stage + k * B_STRIDE + block_col + j * FRAG, B_STRIDE);
#pragma unroll
                for (unsigned i = 0; i < FRAGS_M; i++) wmma::mma_sync(acc[i][j], a_frag[i], b_frag, acc[i][j]);
            }
        }
    }

#pragma unroll
    for (unsigned i = 0; i < FRAGS_M; i++)
#pragma unroll
        for (unsigned j = 0; j < FRAGS_N; j++) {
            unsigned row = row0 + block_row + i * FRAG, col = col0 + block_col + j * FRAG;
            wmma::store_matrix_sync(c + (size_t)row * n + col, acc[i][j], n, wmma::mem_row_major);
        }
}

static void launch(unsigned n, const __half *a, const __half *b, float *c) {
    hgemm_wmma<<<dim3(n / TILE_N, n / TILE_M), THREADS>>>(n, a, b, c);
}

int main(int argc, char **argv) { return hgemm_twin(argc, argv, "cuda", launch, TILE_M > TILE_N ? TILE_M : TILE_N); }
