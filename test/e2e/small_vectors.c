// needs: shaderInt64 shaderInt16 shaderInt8 storagePushConstant8
/* char2..4, uchar2..4, short2..4 and ushort2..4 in kernels: lane arithmetic
 * that wraps in the lane type, shifts and bitwise operations, division,
 * swizzles read and written, comparisons giving -1/0 lanes, lane
 * conversions between vector types (truncating, sign- and zero-extending,
 * to float), arrays of them in views (char3 takes 4 bytes, short3 8) and a
 * captured char4.
 * Each result is checked against the same computation done lane by lane by
 * the CPU on C's scalars; the program prints them too. */
#include <camp.h>
#include <stdio.h>

#define N 200

static int failures;

static void expect(const char *what, int i, int lane, long long got, long long want) {
    if (got != want && failures++ < 10) printf("%s[%d].%d: %lld, expected %lld\n", what, i, lane, got, want);
}

int main(void) {
    char4 c4[N], c4_out[N];
    uchar3 u3[N], u3_out[N];
    short2 s2[N], s2_out[N];
    ushort4 us4[N], us4_out[N];
    char2 c2[N];
    short3 s3[N];
    int4 widened[N];
    char4 narrowed[N];
    float3 as_float[N];
    int cmp[N];
    for (int i = 0; i < N; i++) {
        c4[i] = (char4){(signed char)(i * 37), (signed char)(-i * 11), (signed char)(100 + i), (signed char)(i ^ 0x5a)};
        u3[i] = (uchar3){(unsigned char)(i * 7), (unsigned char)(255 - i), (unsigned char)(i * i)};
        s2[i] = (short2){(short)(i * 331 - 30000), (short)(i * -97)};
        us4[i] = (ushort4){(unsigned short)(i * 401), (unsigned short)(65535 - i), (unsigned short)(i * i * 3),
                           (unsigned short)(60000 + i)};
    }
    /* lane arithmetic, in the lane type; a captured char4 (8-bit push constants) */
    char4 bias = {1, 2, 3, 4};
    parallel_for_each(i, extent(N)) {
        c4_out[i] = c4[i] * (char)3 + c4[i].wzyx - bias;
        uchar3 u = (u3[i] << 1) ^ u3[i].zxy;
        u.y += 200;
        u3_out[i] = u;
        s2_out[i] = s2[i] * s2[i].yx + (short)30000;
        us4_out[i] = us4[i] / (ushort4){1, 2, 3, 7} + us4[i] % (unsigned short)10 - (us4[i] >> 3);
    }
    /* lane writes, unary operators */
    parallel_for_each(i, extent(N)) {
        c2[i] = c4[i].xz;
        c2[i].y = -c2[i].y;
        s3[i] = (short3){s2[i].x, s2[i].y, (short)~s2[i].x} & (short)0x7ff0;
    }
    /* conversions between vector types, comparisons */
    parallel_for_each(i, extent(N)) {
        widened[i] = __builtin_convertvector(c4[i], int4) + __builtin_convertvector(us4[i], int4);
        narrowed[i] = __builtin_convertvector(widened[i] * 3, char4);
        as_float[i] = __builtin_convertvector(u3[i], float3) - __builtin_convertvector(s2[i].xyx, float3);
        short2 lt = s2[i] < s2[i].yx;
        char4 eq = c4[i] == c4[i].xxxx;
        cmp[i] = lt.x * 10 + lt.y + eq.w * 100 + (u3[i] > (unsigned char)128).z * 1000;
    }
    for (int i = 0; i < N; i++) {
        char4 c = c4[i];
        uchar3 u = u3[i];
        short2 s = s2[i];
        ushort4 us = us4[i];
        const int div[4] = {1, 2, 3, 7};
        for (int l = 0; l < 4; l++) {
            expect("c4_out", i, l, c4_out[i][l], (signed char)(c[l] * 3 + c[3 - l] - (l + 1)));
            expect("us4_out", i, l, us4_out[i][l], (unsigned short)(us[l] / div[l] + us[l] % 10 - (us[l] >> 3)));
            expect("widened", i, l, widened[i][l], c[l] + us[l]);
            expect("narrowed", i, l, narrowed[i][l], (signed char)((c[l] + us[l]) * 3));
        }
        const int rot[3] = {2, 0, 1};
        for (int l = 0; l < 3; l++) {
            unsigned char shifted = (unsigned char)(u[l] << 1);
            expect("u3_out", i, l, u3_out[i][l], (unsigned char)((shifted ^ u[rot[l]]) + (l == 1 ? 200 : 0)));
            expect("as_float", i, l, (long long)as_float[i][l], (long long)((float)u[l] - (float)s[l == 1]));
        }
        for (int l = 0; l < 2; l++) expect("s2_out", i, l, s2_out[i][l], (short)(s[l] * s[1 - l] + 30000));
        expect("c2", i, 0, c2[i].x, c.x);
        expect("c2", i, 1, c2[i].y, (signed char)-c.z);
        expect("s3", i, 0, s3[i].x, s.x & 0x7ff0);
        expect("s3", i, 1, s3[i].y, s.y & 0x7ff0);
        expect("s3", i, 2, s3[i].z, (short)~s.x & 0x7ff0);
        expect("cmp", i, 0, cmp[i], -(s.x < s.y) * 10 - (s.y < s.x) - (c.w == c.x) * 100 - (u.z > 128) * 1000);
        printf("%d: %d %d %d %d | %u %u %u | %d %d | %u %u %u %u | %d %d | %d %d %d | %d %d | %g | %d\n", i,
               c4_out[i].x, c4_out[i].y, c4_out[i].z, c4_out[i].w, u3_out[i].x, u3_out[i].y, u3_out[i].z,
               s2_out[i].x, s2_out[i].y, us4_out[i].x, us4_out[i].y, us4_out[i].z, us4_out[i].w, c2[i].x, c2[i].y,
               s3[i].x, s3[i].y, s3[i].z, widened[i].w, narrowed[i].w, (double)as_float[i].y, cmp[i]);
    }
    printf("sizes: char3 %zu, uchar4 %zu, short3 %zu, ushort2 %zu; %s\n", sizeof(char3), sizeof(uchar4),
           sizeof(short3), sizeof(ushort2), failures ? "FAILED" : "ok");
    return failures != 0;
}
