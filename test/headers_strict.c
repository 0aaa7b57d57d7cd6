/* headers_strict.c — every public header, and the dialect's macros a program
 * expands: views, tiles, atomics, math, textures and samplers, and the
 * algorithms library's type-generic calls and its reductions of the
 * program's own operations and comparisons (CAMP_REDUCE_DEFINE and
 * CAMP_SORT_DEFINE, whose parameters and locals must not shadow the
 * file's `data`). Compiled
 * with the strictest warnings and -Werror through campcc and in the serial
 * reference mode (headers_strict.py); written as such a project's own
 * code is (declarations first in each block), so any warning is the
 * headers'. */
#include <camp.h>
#include <camp_abi.h>
#include <camp_algorithms.h>
#include <camp_bits.h>
#include <camp_fragment.h>
#include <camp_math.h>
#include <camp_reduce_op.h>
#include <camp_sampling.h>
#include <camp_sort_op.h>
#include <camp_subgroup.h>
#include <camp_texture.h>
#include <stdio.h>

enum { N = 64, TS = 16 };

static float twice(float v) restrict(cpu, amp) { return 2.0f * v; }

static int data[N];

static float larger(float a, float b) restrict(cpu, amp) { return a > b ? a : b; }
static float as_float(int x) restrict(cpu, amp) { return (float)x; }
CAMP_REDUCE_DEFINE(float, reduce_larger, larger, 0.0f)
CAMP_TRANSFORM_REDUCE_DEFINE(int, float, largest_int, as_float, larger, 0.0f)
static int before(float a, float b) restrict(cpu, amp) { return a > b; }
CAMP_SORT_DEFINE(float, sort_descending, before)

static int sum_tiled(void) {
    int total[1] = {0};
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int partial[TS];
        partial[t.local] = data[t.global];
        tile_barrier_wait(t.barrier);
        if (t.local == 0) {
            int s = 0;
            for (int i = 0; i < TS; i++) s += partial[i];
            camp_atomic_fetch_add(&total[0], s);
        }
    }
    return total[0];
}

static float fragment_product(void) {
    static half a[256], b[256];
    static float c[256];
    parallel_for_each(t, tile(extent(32), 32)) {
        fragment_a(half, 16, 16, 16) fa;
        fragment_b(half, 16, 16, 16) fb;
        fragment_acc(float, 16, 16, 16) acc;
        tile_static uint4 staged[32];
        staged[t.local] = *(const uint4 *)(b + t.local * 8);
        tile_barrier_wait(t.barrier);
        fragment_fill(acc, 1.0f);
        fragment_load(fa, a, 16, fragment_row_major);
        fragment_load(fb, staged, 16, fragment_col_major);
        fragment_mma(acc, fa, fb, acc);
        for (int i = 0; i < fragment_length(acc); i++) fragment_set(acc, i, fragment_get(acc, i) * 2.0f);
        fragment_store(c, acc, 16, fragment_row_major);
    }
    return c[0];
}

static float sample_texture(void) {
    static float texels[4][4];
    float out[1];
    texture_float_2 tex;
    texture_view_float_2 view;
    camp_sampler s = sampler(CAMP_FILTER_LINEAR, CAMP_ADDRESS_CLAMP);
    for (int i = 0; i < 16; i++) texels[i / 4][i % 4] = (float)i;
    tex = texture_new(float, extent(4, 4), 32, texels);
    view = texture_view(tex);
    parallel_for_each(i, extent(1)) {
        int2 at = {1, 1};
        float2 coord = {0.5f, 0.5f};
        out[i] = texture_sample(view, s, coord) + texture_get(tex, at);
    }
    texture_delete(tex);
    return out[0];
}

int main(void) {
    static float grid[8][8];
    float *values = calloc(N, sizeof *values);
    int total;
    float largest;
    if (!values) return 1;
    for (int i = 0; i < N; i++) data[i] = i;
    array_view(values, N);
    parallel_for_each(i, extent(N)) {
        values[i] = twice(sqrtf((float)i)) + fast_math_exp(0.0f) + subgroup_reduce_add(0.0f);
    }
    parallel_for_each(idx, extent(8, 8)) {
        grid[idx[0]][idx[1]] = (float)(idx[0] * 8 + idx[1]);
    }
    array_view_synchronize(values);
    total = sum_tiled();
    largest = camp_reduce_max(values, N) + camp_reduce_with(reduce_larger, values, N) +
              camp_reduce_with(largest_int, data, N);
    future_wait(camp_reduce_with_async(reduce_larger, values, N, values));
    camp_inclusive_scan(values, values, N);
    camp_sort_by_key(values, data, N);
    camp_fill(values, N, 1.0f);
    future_wait(camp_sort_async(values, N));
    camp_sort_with(sort_descending, values, N);
    future_wait(camp_sort_with_async(sort_descending, values, N));
    total += (int)camp_select(values, values + N / 2, N / 2, CAMP_GREATER, 0.5f);
    printf("%g %g %d %g %g %g\n", (double)values[4], (double)grid[7][7], total, (double)sample_texture(),
           (double)largest, (double)fragment_product());
    array_view_release(values);
    free(values);
    return 0;
}
