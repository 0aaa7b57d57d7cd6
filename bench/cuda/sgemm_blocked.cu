// sgemm_blocked's CUDA twin: the same register-blocked algorithm (16 x 16
// threads per block, a 128 x 128 block of C each, 8 x 8 per thread, 8 along
// k per step, double-buffered shared slices, float4 loads and stores).
#include "sgemm_twin.h"

#define BLOCK SGEMM_BLOCK
#define BK 8
#define SIDE 16

static __device__ __forceinline__ float component(float4 v, int i) {
    return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}

__global__ void __launch_bounds__(SIDE *SIDE)
    sgemm_blocked(unsigned n, const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c) {
    // as[s][k][r]: A's rows 4r..4r+3 at column k of the step (33: the
    // transposing stores fall into different banks); bs[s][k][q]: B's row k,
    // columns 4q..4q+3.
    __shared__ float4 as[2][BK][BLOCK / 4 + 1];
    __shared__ float4 bs[2][BK][BLOCK / 4];
    unsigned ty = threadIdx.y, tx = threadIdx.x, id = ty * SIDE + tx;
    unsigned row0 = blockIdx.y * BLOCK, col0 = blockIdx.x * BLOCK;
    unsigned a_row = id / 2, a_col = id % 2 * 4, b_row = id / 32, b_q = id % 32;
    const float *a_next = a + (size_t)(row0 + a_row) * n + a_col;
    const float *b_next = b + (size_t)b_row * n + col0 + b_q * 4;

    float4 a_load = *(const float4 *)a_next, b_load = *(const float4 *)b_next;
#pragma unroll
    for (int i = 0; i < 4; i++) ((float *)&as[0][a_col + i][a_row / 4])[a_row % 4] = component(a_load, i);
    bs[0][b_row][b_q] = b_load;
    __syncthreads();

    float acc[8][8] = {{0}};
    for (unsigned k0 = 0; k0 < n; k0 += BK) {
        unsigned s = k0 / BK % 2;
        bool more = k0 + BK < n;
        if (more) {
            a_load = *(const float4 *)(a_next + k0 + BK);
            b_load = *(const float4 *)(b_next + (size_t)(k0 + BK) * n);
        }
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float4 a_lo = as[s][k][ty], a_hi = as[s][k][SIDE + ty];
            float4 b_lo = bs[s][k][tx], b_hi = bs[s][k][SIDE + tx];
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++) {
                    acc[i][j] += component(a_lo, i) * component(b_lo, j);
                    acc[i][4 + j] += component(a_lo, i) * component(b_hi, j);
                    acc[4 + i][j] += component(a_hi, i) * component(b_lo, j);
                    acc[4 + i][4 + j] += component(a_hi, i) * component(b_hi, j);
                }
        }
        if (more) {
#pragma unroll
            for (int i = 0; i < 4; i++)
                ((float *)&as[1 - s][a_col + i][a_row / 4])[a_row % 4] = component(a_load, i);
            bs[1 - s][b_row][b_q] = b_load;
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < 8; i++) {
        unsigned row = row0 + (i < 4 ? ty * 4 + i : BLOCK / 2 + ty * 4 + i - 4);
        *(float4 *)&c[(size_t)row * n + col0 + tx * 4] = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        *(float4 *)&c[(size_t)row * n + col0 + BLOCK / 2 + tx * 4] =
            make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
    }
}

static void launch(unsigned n, const float *a, const float *b, float *c) {
    sgemm_blocked<<<dim3(n / BLOCK, n / BLOCK), dim3(SIDE, SIDE)>>>(n, a, b, c);
}

int main(int argc, char **argv) {
    return sgemm_twin(argc, argv, "sgemm_blocked", "cuda", launch, BLOCK, SGEMM_BLOCKED_RUNS);
}
