// needs: shaderInt64 shaderFloat64 shaderInt16 shaderInt8
/* Array members of unions: constant and computed indices, read and
 * written (=, +=, ++), in unions of 3, 8, 12 and 16 bytes (held as one
 * word or as an array of words), nested in a struct member, in a local
 * union and in a view of unions, and whole unions copied. */
#include <camp.h>
#include <stdio.h>

#define N 48

typedef union { float f[4]; int n[4]; unsigned char b[16]; } quad;
typedef union { short s[3]; unsigned char b[6]; } six; /* 6 bytes: words of 2 */
typedef union { unsigned char b[3]; } three;
typedef union { double d; unsigned short h[4]; } eight;
typedef union { struct { int x; float y[2]; } p; unsigned n[3]; } twelve;

int main(void) {
    quad q[N];
    int out_q[N], out_six[N], out_three[N], out_eight[N], out_twelve[N];
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 4; k++) q[i].n[k] = i * 4 + k;

    parallel_for_each(i, extent(N)) {
        quad u;
        for (int k = 0; k < 4; k++) u.f[k] = (float)(i + k) * 0.5f;
        u.n[i % 4] += 3;
        u.b[(i * 5) % 16]++;
        quad c = u;
        int r = c.n[0] ^ c.n[1] ^ c.n[2] ^ c.n[3];
        r += c.b[i % 16] + (int)c.f[2];
        q[i].b[i % 16] = (unsigned char)(q[i].b[i % 16] + 1);
        q[i].f[3] = q[i].f[3] * 1.0f; /* bits of an int read and written back as a float */
        out_q[i] = r + q[i].n[(i + 1) % 4];
    }
    parallel_for_each(i, extent(N)) {
        six u = {{0}};
        u.s[i % 3] = (short)(i * 1000 - 20000);
        u.b[5 - i % 6] ^= 0x5a;
        out_six[i] = u.s[0] + 3 * u.s[1] + 7 * u.s[2];
    }
    parallel_for_each(i, extent(N)) {
        three u;
        u.b[0] = (unsigned char)i;
        u.b[1] = (unsigned char)(i * 7);
        u.b[2] = 0;
        u.b[i % 3] += 200;
        out_three[i] = u.b[0] + (u.b[1] << 8) + (u.b[2] << 16);
    }
    parallel_for_each(i, extent(N)) {
        eight u;
        u.d = (double)i * 1.25;
        u.h[i % 4] = (unsigned short)(u.h[(i + 1) % 4] + i);
        out_eight[i] = (int)(u.h[0] ^ u.h[1] ^ u.h[2] ^ u.h[3]) + (u.d > 0);
    }
    parallel_for_each(i, extent(N)) {
        twelve u;
        u.p.x = i;
        u.p.y[0] = 1.5f;
        u.p.y[1] = -2.0f;
        u.p.y[i % 2] += (float)i;
        u.n[2] += 1;
        out_twelve[i] = (int)(u.n[0] + u.n[1] % 1000 + u.n[2] % 1000) + (int)u.p.y[1];
    }

    unsigned long long checksum = 0; /* wraps, as unsigned arithmetic may */
    for (int i = 0; i < N; i++) {
        checksum = checksum * 31 + out_q[i];
        checksum = checksum * 31 + out_six[i];
        checksum = checksum * 31 + out_three[i];
        checksum = checksum * 31 + out_eight[i];
        checksum = checksum * 31 + out_twelve[i];
        for (int k = 0; k < 4; k++) checksum = checksum * 7 + q[i].n[k];
    }
    printf("%d %d %d %d %d\n", out_q[5], out_six[5], out_three[5], out_eight[5], out_twelve[5]);
    printf("checksum %llu\n", checksum);
    return 0;
}
