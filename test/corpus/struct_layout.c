// needs: shaderInt64 shaderFloat64 shaderInt16 shaderInt8
/* Device struct layout equals the host's: structs with mixed member sizes
 * and padding (char, short, int, long long, double, float, a nested struct,
 * an array member, an enum, a _Bool), an array of them filled by the host,
 * a kernel that reads every member and writes derived values into another
 * array of structs and into an int array, and kernels that write sizeof and
 * offsetof values as computed in amp code. */
#include <camp.h>
#include <stddef.h>
#include <stdio.h>

#define N 96

typedef enum { SHAPE_NONE, SHAPE_ROUND = 7, SHAPE_SQUARE = 300 } shape;

typedef struct inner {
    char c;          /* 1 byte, then 1 byte of padding */
    short s;         /* 2 */
    double d;        /* 8, aligned to 8 */
} inner;

typedef struct mixed {
    char tag;        /* offset 0, then 7 bytes of padding */
    long long big;   /* 8 */
    short half;      /* 16, then 2 bytes of padding */
    int whole;       /* 20 */
    float f;         /* 24, then 4 bytes of padding */
    inner in;        /* 32 */
    unsigned char bytes[3];
    shape kind;      /* an int-sized enum after a 3-byte array */
    _Bool flag;
    double tail;     /* aligned to 8 after the flag */
} mixed;

typedef struct small { char a; short b; char c; } small;     /* 6 bytes: padding inside and at the end */
typedef struct pair { small s[2]; int n; } pair;             /* array of padded structs */

int main(void) {
    mixed src[N], dst[N];
    int derived[N];
    pair pairs[N];
    int pair_sums[N];
    int sizes[16], offsets[24];
    for (int i = 0; i < N; i++) {
        mixed m = {0};
        m.tag = (char)(i - 48);
        m.big = (long long)(i - 40) * 10000000019LL;
        m.half = (short)(i * 333 - 16000);
        m.whole = i * 77777 - 3000000;
        m.f = (float)(i - 50) * 0.125f;
        m.in.c = (char)(i * 3);
        m.in.s = (short)(-i * 101);
        m.in.d = (double)i * 1.5 - 20.0;
        for (int k = 0; k < 3; k++) m.bytes[k] = (unsigned char)(i * 5 + k * 80);
        m.kind = i % 3 == 0 ? SHAPE_NONE : i % 3 == 1 ? SHAPE_ROUND : SHAPE_SQUARE;
        m.flag = i % 2;
        m.tail = (double)(i * i) * 0.25;
        src[i] = m;
        dst[i] = m;
        for (int k = 0; k < 2; k++) {
            pairs[i].s[k].a = (char)(i + k);
            pairs[i].s[k].b = (short)(i * 100 - k);
            pairs[i].s[k].c = (char)(k - i % 50);
        }
        pairs[i].n = i * 1000;
    }

    /* Reads every member; writes derived values to structs and to ints. */
    parallel_for_each(i, extent(N)) {
        mixed m = src[i];
        mixed out = m;
        out.tag = (char)(m.tag + 1);
        out.big = m.big * 2 + m.whole;
        out.half = (short)(m.half / 2 + m.in.s);
        out.whole = m.whole - m.half + m.bytes[0] + m.bytes[1] + m.bytes[2];
        out.f = m.f * 2.0f + (float)m.in.c;
        out.in.c = (char)(m.in.c ^ 0x5a);
        out.in.s = (short)(m.in.s + m.tag);
        out.in.d = m.in.d * 4.0 + m.tail;
        out.bytes[0] = m.bytes[2];
        out.bytes[1] = (unsigned char)(m.bytes[1] + 1);
        out.bytes[2] = m.bytes[0];
        out.kind = m.kind == SHAPE_SQUARE ? SHAPE_ROUND : SHAPE_SQUARE;
        out.flag = !m.flag;
        out.tail = m.tail - m.in.d;
        dst[i] = out;
        derived[i] = m.tag + (int)(m.big % 1000) + m.half + m.whole / 16 + (int)m.f + m.in.c +
                     m.in.s + (int)m.in.d + m.bytes[0] * 3 + (int)m.kind + m.flag + (int)m.tail;
    }
    /* Arrays of padded structs inside structs. */
    parallel_for_each(i, extent(N)) {
        pair p = pairs[i];
        pair_sums[i] = p.s[0].a + p.s[0].b + p.s[0].c + 2 * (p.s[1].a + p.s[1].b + p.s[1].c) + p.n;
        pairs[i].s[1].b = (short)(p.s[0].b + 7);
        pairs[i].s[0].c = (char)(p.s[1].a + 1);
    }
    /* sizeof in amp code equals the host's. */
    parallel_for_each(i, extent(16)) {
        int v = 0;
        switch (i) {
        case 0: v = sizeof(mixed); break;
        case 1: v = sizeof(inner); break;
        case 2: v = sizeof(small); break;
        case 3: v = sizeof(pair); break;
        case 4: v = sizeof(shape); break;
        case 5: v = sizeof(_Bool); break;
        case 6: v = sizeof(long long); break;
        case 7: v = sizeof(src[0].bytes); break;
        case 8: v = _Alignof(mixed); break;
        case 9: v = _Alignof(small); break;
        case 10: v = sizeof(src) / sizeof(src[0]); break;
        default: v = -i; break;
        }
        sizes[i] = v;
    }
    /* offsetof in amp code equals the host's. */
    parallel_for_each(i, extent(1)) {
        int k = i;
        offsets[k++] = offsetof(mixed, tag);
        offsets[k++] = offsetof(mixed, big);
        offsets[k++] = offsetof(mixed, half);
        offsets[k++] = offsetof(mixed, whole);
        offsets[k++] = offsetof(mixed, f);
        offsets[k++] = offsetof(mixed, in);
        offsets[k++] = offsetof(mixed, in.c);
        offsets[k++] = offsetof(mixed, in.s);
        offsets[k++] = offsetof(mixed, in.d);
        offsets[k++] = offsetof(mixed, bytes);
        offsets[k++] = offsetof(mixed, bytes[2]);
        offsets[k++] = offsetof(mixed, kind);
        offsets[k++] = offsetof(mixed, flag);
        offsets[k++] = offsetof(mixed, tail);
        offsets[k++] = offsetof(small, b);
        offsets[k++] = offsetof(small, c);
        offsets[k++] = offsetof(pair, s[1]);
        offsets[k++] = offsetof(pair, s[1].c);
        offsets[k++] = offsetof(pair, n);
        while (k < 24) offsets[k++] = -1;
    }

    for (int i = 0; i < N; i++) {
        const mixed *m = &dst[i];
        printf("%d: %d %lld %d %d %a | %d %d %a | %d %d %d %d %d %a | %d\n", i, m->tag, m->big,
               m->half, m->whole, m->f, m->in.c, m->in.s, m->in.d, m->bytes[0], m->bytes[1],
               m->bytes[2], (int)m->kind, m->flag, m->tail, derived[i]);
        printf("   pair %d %d %d %d %d %d %d\n", pairs[i].s[0].a, pairs[i].s[0].b,
               pairs[i].s[0].c, pairs[i].s[1].a, pairs[i].s[1].b, pairs[i].s[1].c, pair_sums[i]);
    }
    printf("sizes:");
    for (int i = 0; i < 16; i++) printf(" %d", sizes[i]);
    printf("\noffsets:");
    for (int i = 0; i < 24; i++) printf(" %d", offsets[i]);
    printf("\n");
    return 0;
}
