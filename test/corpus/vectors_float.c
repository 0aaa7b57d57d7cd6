// needs: shaderInt64 shaderFloat64
/* Floating-point short vectors in kernels: float2/float3/float4 and
 * double2/double3/double4 arrays in views, element-wise arithmetic with
 * exact results, scalar broadcast, comparisons (an int vector of -1/0),
 * component access and writes, and lane conversions between int and float
 * vectors with __builtin_convertvector (truncating toward zero). */
#include <camp.h>
#include <stdio.h>

#define N 200

int main(void) {
    float4 f4[N], g4[N], r4[N];
    float3 r3[N];
    float2 r2[N];
    double4 d4[N], rd4[N];
    double2 rd2[N];
    double3 rd3[N];
    int4 cmp[N], conv[N];
    for (int i = 0; i < N; i++) {
        f4[i] = (float4){(float)i * 0.5f, (float)(i - 100) * 0.25f, -(float)i, 1.0f + (float)(i % 8)};
        g4[i] = (float4){0.5f, (float)(i % 3) * 2.0f, 0.125f, (float)(i % 5 - 2)};
        d4[i] = (double4){(double)i * 0.125, -(double)i, (double)(i % 11) * 4.0, 1.0 / 1024.0};
    }

    /* float4 arithmetic with broadcast; float3 and float2 pieces. */
    parallel_for_each(i, extent(N)) {
        float4 x = f4[i], y = g4[i];
        float4 z = x * y + x / 4.0f - y * 2.0f + -x;
        r4[i] = z;
        float3 t = (float3){z.x, z.y, z.z} * 0.5f;
        t.z -= x.w;
        r3[i] = t;
        float2 p = (float2){x.x, y.y};
        p *= p;
        r2[i] = p + 1.0f;
    }
    /* double vectors: arithmetic, lane writes, a double3 and a double2. */
    parallel_for_each(i, extent(N)) {
        double4 d = d4[i];
        d = d * d + d * 2.0 - (double4){1.0, 2.0, 3.0, 4.0};
        d.w = d.x - d.y;
        rd4[i] = d;
        rd3[i] = (double3){d.z, d.w, d.x} / 8.0;
        rd2[i] = (double2){(double)f4[i].x, d.y} * 0.5;
    }
    /* Comparisons of float vectors give int vectors. */
    parallel_for_each(i, extent(N)) {
        cmp[i] = (f4[i] < g4[i]) + (f4[i] == g4[i]) * 10 + (f4[i] >= 0.0f) * 100;
    }
    /* Lane-wise conversions float4 -> int4 (toward zero) and back. */
    parallel_for_each(i, extent(N)) {
        int4 k = __builtin_convertvector(f4[i] * 3.0f, int4);
        float4 back = __builtin_convertvector(k, float4);
        conv[i] = k * 2 + __builtin_convertvector(back * 0.5f, int4);
    }

    for (int i = 0; i < N; i++) {
        printf("%d: %a %a %a %a | %a %a %a | %a %a\n", i, r4[i].x, r4[i].y, r4[i].z, r4[i].w, r3[i].x,
               r3[i].y, r3[i].z, r2[i].x, r2[i].y);
        printf("   %a %a %a %a | %a %a %a | %a %a\n", rd4[i].x, rd4[i].y, rd4[i].z, rd4[i].w, rd3[i].x,
               rd3[i].y, rd3[i].z, rd2[i].x, rd2[i].y);
        printf("   %d %d %d %d | %d %d %d %d\n", cmp[i].x, cmp[i].y, cmp[i].z, cmp[i].w, conv[i].x,
               conv[i].y, conv[i].z, conv[i].w);
    }
    return 0;
}
