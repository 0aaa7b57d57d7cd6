// needs: shaderInt64
/* Integer short vectors in kernels: int2/int3/int4 and uint2/uint3/uint4
 * arrays in views, element-wise + - * / % & | ^ << >> ~ and unary minus,
 * scalar broadcast, comparisons (each lane -1 or 0), !, && and ||, component access by
 * .x/.y/.z/.w and by constant and variable subscripts, vector literals,
 * unsigned lane wrap-around. */
#include <camp.h>
#include <stdio.h>

#define N 200

int main(void) {
    int4 a[N], b[N], arith[N], cmp[N];
    int3 c3[N], r3[N];
    int2 c2[N], r2[N];
    uint4 ua[N], ur[N];
    uint2 u2[N];
    uint3 u3[N];
    int comp[N];
    for (int i = 0; i < N; i++) {
        a[i] = (int4){i - 100, i * 3, -i, i % 7 + 1};
        b[i] = (int4){i % 9 + 1, -(i % 5) - 1, i % 4 + 2, i - 250};
        c3[i] = (int3){i, i * i % 97, 5 - i};
        c2[i] = (int2){i * 11 - 1000, i % 13 - 6};
        ua[i] = (uint4){(unsigned)i * 0x01000193u, 0xFFFFFFF0u + (unsigned)i, (unsigned)i, 3u};
    }

    /* Element-wise arithmetic with truncating / and % per lane, and broadcast. */
    parallel_for_each(i, extent(N)) {
        int4 x = a[i], y = b[i];
        arith[i] = (x + y) * 2 - x / y + x % y - (-y) + (x & 0xff) + (x | y) - (x ^ 3);
    }
    /* Comparisons, !, && and || give -1 (true) or 0 per lane. */
    parallel_for_each(i, extent(N)) {
        int4 lt = a[i] < b[i];
        int4 eq = a[i] == (int4){0, 9, 0, 1};
        int4 not = !a[i];
        int4 either = a[i] || (int4){0, 9, 0, 1}, both = (a[i] & 3) && (b[i] > 0); /* per lane, -1 or 0 */
        cmp[i] = lt * 100 + eq * 10 + not + (a[i] >= b[i]) * 1000 + either * 10000 + both * 100000;
    }
    /* int3 and int2: components, subscripts (constant and variable), literals. */
    parallel_for_each(i, extent(N)) {
        int3 v = c3[i];
        v.y += v.x;
        v[2] = v[0] * 2 - v[1];
        int k = i % 3;
        v[k] = v[k] + 1000;
        r3[i] = v;
        int2 w = c2[i];
        w = ((int2){w.y, w.x} & 0xfff) << 1; /* non-negative before the left shift */
        w >>= (int2){1, 2};
        r2[i] = ~w;
        comp[i] = v.x + v.y * 3 + v.z * 5 + w[0] - w[1] + a[i].w * b[i].z;
    }
    /* Unsigned vectors: lanes wrap modulo 2^32; uint2/uint3 from uint4 lanes. */
    parallel_for_each(i, extent(N)) {
        uint4 u = ua[i];
        u = u * 0x9E3779B9u + (uint4){1u, 2u, 3u, 4u};
        u ^= u >> 15;
        ur[i] = u;
        u2[i] = (uint2){u.x, u.w} - (uint2){u.y, 7u};
        u3[i] = (uint3){u.z, u.y, u.x} / 3u;
    }

    for (int i = 0; i < N; i++)
        printf("%d: %d %d %d %d | %d %d %d %d | %d %d %d | %d %d | %u %u %u %u | %u %u | %u %u %u | %d\n",
               i, arith[i].x, arith[i].y, arith[i].z, arith[i].w, cmp[i].x, cmp[i].y, cmp[i].z,
               cmp[i].w, r3[i].x, r3[i].y, r3[i].z, r2[i].x, r2[i].y, ur[i].x, ur[i].y, ur[i].z,
               ur[i].w, u2[i].x, u2[i].y, u3[i].x, u3[i].y, u3[i].z, comp[i]);
    return 0;
}
