// needs: shaderInt64 shaderFloat64 shaderInt8
/* File-scope variables in kernels: const globals (scalars, an array, a 2-D
 * array, a struct and an array of structs) read as constants, non-const
 * global arrays written by kernels (implicit views, copied back), a
 * non-const global scalar read in a kernel (captured by value at launch:
 * the host changes it between kernels), and a static const table. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 256

typedef struct params { int scale; int offset; float weight; } params;

const int k_modulus = 97;
const float k_half = 0.5f;
const double k_eighth = 0.125;
const int k_primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
const int k_grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
const params k_params = {3, -7, 0.25f};
const params k_table[3] = {{1, 0, 1.0f}, {2, 10, 0.5f}, {-1, 100, 2.0f}};
static const unsigned char k_bytes[5] = {255, 128, 7, 0, 64};

int g_out[N];          /* written by a kernel */
float g_fout[N];
int g_matrix[16][16];  /* a 2-D global written by a kernel */
int g_factor = 3;      /* read by kernels, changed by the host */

int main(void) {
    int consts[N], captured[N];
    float fconsts[N];
    for (int i = 0; i < N; i++) g_out[i] = -1;

    /* Const scalars, arrays and structs. */
    parallel_for_each(i, extent(N)) {
        int p = k_primes[i % 8];
        params t = k_table[i % 3];
        consts[i] = (i * p) % k_modulus + k_grid[i % 3][i % 4] * 100 + k_params.scale * t.scale * 1000 +
                    k_params.offset + t.offset + k_bytes[i % 5] * 10000;
        fconsts[i] = (float)i * k_half * t.weight + k_params.weight + (float)k_eighth;
    }
    /* Non-const global arrays written in a kernel (read back on the host). */
    parallel_for_each(i, extent(N)) {
        if (i % 4 == 3) continue; /* those keep the host's -1 */
        g_out[i] = i * i - 1000;
        g_fout[i] = (float)i * 0.75f;
    }
    parallel_for_each(p, extent(16, 16)) {
        g_matrix[p[0]][p[1]] = p[0] * 16 + p[1] + g_out[p[0] * 16 + p[1]];
    }
    /* A non-const global scalar is captured by value at each launch. */
    parallel_for_each(i, extent(N / 2)) {
        captured[i] = i * g_factor;
    }
    g_factor = -5;
    parallel_for_each(i, extent(N / 2)) {
        captured[N / 2 + i] = i * g_factor;
    }

    print_array("%d", consts, N);
    print_array("%a", fconsts, N);
    print_array("%d", g_out, N);
    print_array("%a", g_fout, N);
    print_array2("%d", g_matrix, 16, 16);
    print_array("%d", captured, N);
    return 0;
}
