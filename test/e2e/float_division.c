// needs: shaderInt64 shaderFloat64
/* Divisions in kernels are correctly rounded, as C's are on the host:
 * float, double and float4 quotients of hashed operands and of the
 * special cases (zeros of either sign, infinities, NaN, overflow to
 * infinity, results near the smallest normal), printed exactly and
 * compared with the serial build's, and again in a function that asks for
 * each operation rounded on its own (FP_CONTRACT OFF), whose quotients
 * must be the same. (Vulkan lets OpFDiv be 2.5 ulps off; campcc corrects
 * it by the exact remainder, and must leave the special cases as IEEE
 * division has them.) */
#include <camp.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { HASHED = 4096, SPECIAL = 16, N = HASHED + SPECIAL };

static unsigned hash(unsigned x) {
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    return x ^ (x >> 16);
}

static void print_float(float v) {
    if (isnan(v)) printf(" nan");
    else printf(" %a", v);
}

static void exact_quotients(const float *a, const float *b, float *q, const double *da, const double *db,
                            double *dq) {
#pragma STDC FP_CONTRACT OFF
    parallel_for_each(i, extent(N)) {
        q[i] = a[i] / b[i];
        dq[i] = da[i] / db[i];
    }
}

int main(void) {
    static float a[N], b[N], q[N], eq[N];
    static double da[N], db[N], dq[N], edq[N];
    /* quotients within the range campcc corrects (1e-20 / 1e5), or exact
     * (4 FLT_MIN / 2), or special: NVIDIA's driver flushes subnormals */
    const float special_a[SPECIAL] = {10, -0.0f, 0, 5, INFINITY, 3, 7, 1e30f, 1e-20f, -8, FLT_MAX, 4 * FLT_MIN, 1, NAN,
                                      1, -INFINITY};
    const float special_b[SPECIAL] = {100, 4, 0, 0, 2, INFINITY, -0.0f, 1e-10f, 1e5f, 3, 0.5f, 2, 3, 1, NAN,
                                      -INFINITY};
    for (int i = 0; i < HASHED; i++) {
        /* significands of 24 bits, exponents over a range that stays normal */
        a[i] = ldexpf((float)(hash(2 * i) >> 8) + 1, (int)(hash(2 * i + 7) % 40) - 40);
        b[i] = ldexpf((float)(hash(2 * i + 1) >> 8) + 1, (int)(hash(2 * i + 9) % 40) - 44);
        da[i] = ldexp((double)hash(3 * i) * 4294967296.0 + hash(3 * i + 1), (int)(hash(3 * i + 2) % 64) - 90);
        db[i] = ldexp((double)hash(5 * i) * 4294967296.0 + hash(5 * i + 3) + 1, (int)(hash(5 * i + 4) % 64) - 96);
    }
    for (int i = 0; i < SPECIAL; i++) {
        a[HASHED + i] = special_a[i], b[HASHED + i] = special_b[i];
        da[HASHED + i] = special_a[i], db[HASHED + i] = special_b[i];
    }
    float4 va[4] = {{1, 2, 3, 4}, {10, 20, 30, 40}, {-1, 0, 1e-3f, 7}, {5, 6, 7, 8}};
    float4 vb[4] = {{3, 7, 9, 11}, {3, 3, 3, 3}, {10, 5, 3, 0.1f}, {0.3f, 0.7f, 1.1f, 1.3f}}, vq[4];
    parallel_for_each(i, extent(N)) {
        q[i] = a[i] / b[i];
        dq[i] = da[i] / db[i];
    }
    parallel_for_each(i, extent(4)) { vq[i] = va[i] / vb[i]; }
    exact_quotients(a, b, eq, da, db, edq);
    int differ = 0;
    for (int i = 0; i < N; i++)
        differ += memcmp(&q[i], &eq[i], sizeof q[i]) != 0 || memcmp(&dq[i], &edq[i], sizeof dq[i]) != 0;
    printf("quotients of exact code that differ: %d\n", differ);
    unsigned float_sum = 0, double_sum = 0;
    for (int i = 0; i < HASHED; i++) {
        union { float f; unsigned u; } fq = {q[i]};
        union { double d; unsigned long long u; } dd = {dq[i]};
        float_sum = float_sum * 31 + fq.u;
        double_sum = double_sum * 31 + (unsigned)(dd.u ^ (dd.u >> 32));
    }
    printf("hashed quotients: float %08x, double %08x\n", float_sum, double_sum);
    for (int i = HASHED; i < N; i++) {
        print_float(q[i]);
        if (isnan(dq[i])) printf(" nan\n");
        else printf(" %a\n", dq[i]);
    }
    for (int i = 0; i < 4; i++) {
        print_float(vq[i].x), print_float(vq[i].y), print_float(vq[i].z), print_float(vq[i].w);
        printf("\n");
    }
    return 0;
}
