// needs: shaderInt64 shaderInt16 shaderFloat16 storagePushConstant16
/* half (_Float16) and half2..4 in kernels: conversions from float that round
 * to nearest even (ties, overflow to infinity, checked against bit patterns
 * written out here), halves stored in views (2 bytes each; half3 takes 8),
 * arithmetic whose chains are computed in float and rounded once as on the
 * host, compound assignment, conversions to and from int, a captured half,
 * vector swizzles and lane conversions. Each result is checked against the
 * same computation done by the CPU; the program prints them too. */
#include <camp.h>
#include <stdio.h>
#include <string.h>

#define N 64

static int failures;

static unsigned bits_of(half h) {
    unsigned short b;
    memcpy(&b, &h, sizeof b);
    return b;
}

static void expect_bits(const char *what, int i, half got, half want) {
    if (bits_of(got) != bits_of(want) && failures++ < 10)
        printf("%s[%d]: 0x%04x, expected 0x%04x\n", what, i, bits_of(got), bits_of(want));
}

/* float -> half, each with the bits IEEE 754 round-to-nearest-even gives */
static const struct {
    float value;
    unsigned short bits;
} roundings[] = {
    {1.0f, 0x3c00},
    {1.0f + 0x1p-11f, 0x3c00},            /* a tie: to the even 1.0 */
    {1.0f + 3 * 0x1p-11f, 0x3c02},        /* a tie: up to the even neighbour */
    {1.0f + 0x1p-11f + 0x1p-20f, 0x3c01}, /* just above a tie */
    {0.1f, 0x2e66},
    {65504.0f, 0x7bff},                   /* the largest half */
    {65519.0f, 0x7bff},
    {65520.0f, 0x7c00},                   /* a tie at the top: infinity */
    {-65520.0f, 0xfc00},
    {3.14159265f, 0x4248},
    {-2.5f, 0xc100},
    {0x1p-14f, 0x0400},                   /* the smallest normal half */
    {1e6f, 0x7c00},
    {-0.0f, 0x8000},
};
enum { NROUND = sizeof roundings / sizeof *roundings };

static half chain(half a, half b, half c) restrict(cpu, amp) { return a * b + c; }

int main(void) {
    float from[NROUND];
    half rounded[NROUND];
    for (int i = 0; i < NROUND; i++) from[i] = roundings[i].value;
    parallel_for_each(i, extent(NROUND)) {
        rounded[i] = (half)from[i];
    }
    for (int i = 0; i < NROUND; i++) {
        printf("(half)%a = 0x%04x\n", (double)from[i], bits_of(rounded[i]));
        if (bits_of(rounded[i]) != roundings[i].bits && failures++ < 10)
            printf("  expected 0x%04x\n", roundings[i].bits);
    }

    /* scalars: + - * /, a chain rounded once, compound assignment, int and
     * float conversions, a captured half */
    half a[N], b[N];
    /* a + b, a - b, a * b, b / 0.25 (a float division on the device, which
     * Vulkan lets be 2.5 ulp off: by a power of two it is exact) */
    half basic[N][4];
    /* a * a - 1 in a helper, h += and *=, -b * scale + a, a cast ending a chain */
    half chained[N][4];
    int ints[N][2]; /* (int)(b * 10); an int += a half */
    float widened[N];
    half from_int[N];
    half scale = (half)1.5f;
    for (int i = 0; i < N; i++) {
        a[i] = (half)(1.0f + (float)i * 0.0029296875f); /* 1 + 3i/1024 */
        b[i] = (half)((float)(i - 20) * 0.7f);
    }
    parallel_for_each(i, extent(N)) {
        basic[i][0] = a[i] + b[i];
        basic[i][1] = a[i] - b[i];
        basic[i][2] = a[i] * b[i];
        basic[i][3] = b[i] / (half)0.25f;
        chained[i][0] = chain(a[i], a[i], (half)-1);
        half h = b[i];
        h += a[i] * a[i];
        h *= scale;
        chained[i][1] = h;
        chained[i][2] = -b[i] * scale + a[i];
        chained[i][3] = (half)(a[i] * a[i]) - (half)1;
        ints[i][0] = (int)(b[i] * (half)10);
        int n = 2049 + 2 * i; /* odd: no half holds it */
        n += b[i] * (half)0.25f; /* in float from n itself, as on the host, not from a half of n */
        ints[i][1] = n;
        widened[i] = (float)a[i] * 1024.0f;
        from_int[i] = (half)(2040 + i); /* above 2048 halves are even integers: ties to even */
    }
    for (int i = 0; i < N; i++) {
        expect_bits("a + b", i, basic[i][0], a[i] + b[i]);
        expect_bits("a - b", i, basic[i][1], a[i] - b[i]);
        expect_bits("a * b", i, basic[i][2], a[i] * b[i]);
        expect_bits("b / 0.25", i, basic[i][3], b[i] / (half)0.25f);
        expect_bits("chain", i, chained[i][0], chain(a[i], a[i], (half)-1));
        half h = b[i];
        h += a[i] * a[i];
        h *= scale;
        expect_bits("h += a * a; h *= scale", i, chained[i][1], h);
        expect_bits("-b * scale + a", i, chained[i][2], -b[i] * scale + a[i]);
        expect_bits("(half)(a * a) - 1", i, chained[i][3], (half)(a[i] * a[i]) - (half)1);
        int n = 2049 + 2 * i;
        n += b[i] * (half)0.25f;
        if ((ints[i][0] != (int)(b[i] * (half)10) || ints[i][1] != n) && failures++ < 10)
            printf("ints[%d]: %d %d\n", i, ints[i][0], ints[i][1]);
        if (widened[i] != (float)a[i] * 1024.0f && failures++ < 10) printf("widened[%d]: %a\n", i, (double)widened[i]);
        expect_bits("from_int", i, from_int[i], (half)(2040 + i));
        printf("%d: %a %a %a %a %a %a %a %a %d %d %a %a\n", i, (double)basic[i][0], (double)basic[i][1],
               (double)basic[i][2], (double)basic[i][3], (double)chained[i][0], (double)chained[i][1],
               (double)chained[i][2], (double)chained[i][3], ints[i][0], ints[i][1], (double)widened[i],
               (double)from_int[i]);
    }
    /* 1.0029296875^2 - 1 in float is 0x1.809p-8, rounded once: 0x1.808p-8 (twice: 0x1.8p-8) */
    if ((bits_of(chained[1][0]) != 0x1e02 || bits_of(chained[1][3]) != 0x1e00) && failures++ < 10)
        printf("chain[1]: 0x%04x 0x%04x, expected 0x1e02 0x1e00\n", bits_of(chained[1][0]), bits_of(chained[1][3]));

    /* vectors: half2..4 in views, swizzles and lane writes, lane conversions */
    half2 v2[N];
    half3 v3[N];
    half4 v4[N], mixed[N];
    float4 as_float[N];
    short4 as_short[N];
    for (int i = 0; i < N; i++) {
        v2[i] = (half2){a[i], b[i]};
        v3[i] = (half3){b[i], a[i], (half)i};
        v4[i] = (half4){a[i], b[i], (half)(i * 0.25f), (half)-3};
    }
    parallel_for_each(i, extent(N)) {
        half4 w = v4[i];
        v2[i] = v2[i].yx * w.xy + v2[i];
        v3[i].zx = v3[i].xz * (half)2;
        mixed[i] = w.wzyx * w - (half4){v2[i].x, v2[i].y, v3[i].x, v3[i].y};
        as_float[i] = __builtin_convertvector(w, float4) * 0.5f;
        as_short[i] = __builtin_convertvector(w * (half)100, short4);
        v4[i] = __builtin_convertvector(as_float[i] + 1.0f / 3.0f, half4);
    }
    for (int i = 0; i < N; i++) {
        half4 w = (half4){a[i], b[i], (half)(i * 0.25f), (half)-3};
        half2 e2 = (half2){a[i], b[i]}.yx * w.xy + (half2){a[i], b[i]};
        half3 e3 = (half3){b[i], a[i], (half)i};
        e3.zx = e3.xz * (half)2;
        half4 emixed = w.wzyx * w - (half4){e2.x, e2.y, e3.x, e3.y};
        float4 efloat = __builtin_convertvector(w, float4) * 0.5f;
        short4 eshort = __builtin_convertvector(w * (half)100, short4);
        half4 e4 = __builtin_convertvector(efloat + 1.0f / 3.0f, half4);
        for (int l = 0; l < 4; l++) {
            if (l < 2) expect_bits("v2", i, v2[i][l], e2[l]);
            if (l < 3) expect_bits("v3", i, v3[i][l], e3[l]);
            expect_bits("mixed", i, mixed[i][l], emixed[l]);
            expect_bits("v4", i, v4[i][l], e4[l]);
            if ((as_float[i][l] != efloat[l] || as_short[i][l] != eshort[l]) && failures++ < 10)
                printf("lane %d of %d: %a %d\n", l, i, (double)as_float[i][l], as_short[i][l]);
        }
        printf("%d: %a %a | %a %a %a | %a %a %a %a | %d %d %d %d\n", i, (double)v2[i].x, (double)v2[i].y,
               (double)v3[i].x, (double)v3[i].y, (double)v3[i].z, (double)v4[i].x, (double)v4[i].y,
               (double)v4[i].z, (double)v4[i].w, as_short[i].x, as_short[i].y, as_short[i].z, as_short[i].w);
    }
    printf("half: sizeof %zu, half3 %zu; %s\n", sizeof(half), sizeof(half3), failures ? "FAILED" : "ok");
    return failures != 0;
}
