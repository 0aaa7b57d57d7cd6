// needs: shaderInt64 shaderFloat64
/* Swizzles of short vectors in kernels: two- to four-lane reads (.xy, .yx,
 * .zyx, .wzyx, repeated lanes .xxyy), .lo/.hi/.even/.odd, numeric .s0123
 * forms, .rgba names, swizzles on the left of = and of compound
 * assignments, swizzles of swizzles, and swizzles of float and double
 * vectors. */
#include <camp.h>
#include <stdio.h>

#define N 160

int main(void) {
    int4 a[N], r4[N];
    int3 r3[N];
    int2 r2[N];
    float4 f[N], rf[N];
    double2 d[N], rd[N];
    int sums[N];
    for (int i = 0; i < N; i++) {
        a[i] = (int4){i, i * 2 + 1, 100 - i, i * i % 31};
        f[i] = (float4){(float)i * 0.25f, (float)-i, 2.0f, (float)(i % 6)};
        d[i] = (double2){(double)i * 0.5, (double)(i - 80)};
    }

    /* Reading swizzles of several widths. */
    parallel_for_each(i, extent(N)) {
        int4 v = a[i];
        int2 xy = v.xy, yx = v.yx;
        int3 zyx = v.zyx;
        int4 rev = v.wzyx, rep = v.xxyy;
        r4[i] = rev * 2 + rep;
        r3[i] = zyx - v.yyw;
        r2[i] = xy * 10 + yx;
    }
    /* lo/hi/even/odd and the numeric forms. */
    parallel_for_each(i, extent(N)) {
        int4 v = a[i];
        int2 lo = v.lo, hi = v.hi, ev = v.even, od = v.odd;
        int3 s = v.s301;
        sums[i] = lo.x + lo.y * 2 + hi.x * 3 + hi.y * 5 + ev.y * 7 + od.x * 11 + s.x * 13 + s.z * 17 +
                  v.s2 * 19 + v.zw.y * 23 + v.wzyx.yx.x * 29;
    }
    /* Swizzles as lvalues, compound-assigned, on float vectors with rgba. */
    parallel_for_each(i, extent(N)) {
        float4 v = f[i];
        v.xy = v.yx;
        v.zw += (float2){1.5f, -0.5f};
        v.bgr = v.rgb * 2.0f;
        v.s3 = v.s0 - v.a;
        rf[i] = v;
    }
    /* double2 swizzles, including a swapped store back into the view. */
    parallel_for_each(i, extent(N)) {
        double2 v = d[i];
        rd[i] = v.yx * 0.25 + v.xx;
        d[i].yx = v;
    }

    for (int i = 0; i < N; i++)
        printf("%d: %d %d %d %d | %d %d %d | %d %d | %d | %a %a %a %a | %a %a | %a %a\n", i, r4[i].x,
               r4[i].y, r4[i].z, r4[i].w, r3[i].x, r3[i].y, r3[i].z, r2[i].x, r2[i].y, sums[i], rf[i].x,
               rf[i].y, rf[i].z, rf[i].w, rd[i].x, rd[i].y, d[i].x, d[i].y);
    return 0;
}
