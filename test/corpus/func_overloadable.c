// needs: shaderInt64 shaderFloat64
/* Helpers as camp_math.h's vector forms use them: clang's overloadable
 * functions (one name, several parameter types; the host program still
 * names each one, now by its type), parameters declared as arrays
 * (`int out[4]` is a pointer), and vector components and swizzles written
 * in macro arguments (`TWICE(v.y)`), where the source text that names the
 * component lies in the macro's call. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 64

static int __attribute__((overloadable)) twice(int x) restrict(amp) { return 2 * x; }
static float2 __attribute__((overloadable)) twice(float2 v) restrict(amp) { return v + v; }
static double __attribute__((overloadable)) twice(double d) restrict(cpu, amp) { return d * 2.0; }

/* out[k] = k-th partial sum of in, through array parameters */
static void partial_sums(int out[4], const int in[4]) restrict(amp) {
    int s = 0;
    for (int k = 0; k < 4; k++) {
        s += in[k];
        out[k] = s;
    }
}
static float dot3(const float3 rows[], int k) restrict(amp) { return rows[k].x + rows[k].y * 2.0f + rows[k].z * 4.0f; }

#define TWICE(a) ((a) + (a))
#define DIFF(a, b) ((a) - (b))

int main(void) {
    int ints[N], twice_int[N], sums[N][4], quads[N][4];
    float2 pairs[N], twice_pair[N];
    double doubles[N], twice_double[N];
    float3 rows[N];
    float dots[N], components[N];
    float4 quad[N], swizzled[N];
    for (int i = 0; i < N; i++) {
        ints[i] = i * 7 - 100;
        pairs[i] = (float2){(float)i * 0.5f, (float)(N - i)};
        doubles[i] = (double)i * 0.25 - 3.0;
        rows[i] = (float3){(float)(i % 5), (float)(i % 3) - 1.0f, 0.125f * (float)i};
        quad[i] = (float4){(float)i, -(float)i * 0.5f, (float)(i % 9), 1.0f};
        for (int k = 0; k < 4; k++) quads[i][k] = i * k - 5 * k;
    }

    /* overloadable helpers: the int, float2 and double forms of twice */
    parallel_for_each(i, extent(N)) {
        twice_int[i] = twice(ints[i]);
        twice_pair[i] = twice(pairs[i]);
        twice_double[i] = twice(doubles[i]);
    }
    /* array parameters: a 1-D view row and a local array; an array of float3 */
    parallel_for_each(i, extent(N)) {
        int local[4] = {quads[i][3], quads[i][2], quads[i][1], quads[i][0]};
        int backwards[4];
        partial_sums(sums[i], quads[i]);
        partial_sums(backwards, local);
        sums[i][0] += backwards[3];
        dots[i] = dot3(rows, i) + dot3(rows, (i + 1) % N);
    }
    /* components and swizzles in macro arguments */
    parallel_for_each(i, extent(N)) {
        float4 v = quad[i];
        components[i] = TWICE(v.y) + DIFF(v.x, v.z) + TWICE(quad[i].w);
        float4 s = v;
        s.xy = TWICE(v.wz);
        s.zw = DIFF(v.xy, v.yx);
        swizzled[i] = s;
    }

    print_array("%d", twice_int, N);
    for (int i = 0; i < N; i++) printf("twice_pair[%d]: %a %a\n", i, twice_pair[i].x, twice_pair[i].y);
    print_array("%a", twice_double, N);
    print_array2("%d", sums, N, 4);
    print_array("%a", dots, N);
    print_array("%a", components, N);
    for (int i = 0; i < N; i++)
        printf("swizzled[%d]: %a %a %a %a\n", i, swizzled[i].x, swizzled[i].y, swizzled[i].z, swizzled[i].w);
    return 0;
}
