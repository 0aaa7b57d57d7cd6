// needs: shaderInt64 shaderInt16
/* Unions in kernels: a union local written and read through the same
 * member, a tagged union (struct with an enum tag and a union) in a view,
 * reading a float's bits through an unsigned member (C permits reading
 * another member: the bytes are reinterpreted), and the size of a union. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 256

typedef union num { int i; float f; } num;
typedef union bits32 { float f; unsigned u; int s; } bits32;
typedef enum { K_INT, K_FLOAT, K_PAIR } kind;
typedef struct tagged {
    kind k;
    union { int i; float f; struct { short a, b; } pair; } v;
} tagged;

int main(void) {
    tagged items[N];
    float fin[N];
    unsigned fbits[N];
    int same[N], decoded[N];
    float from_bits[N];
    for (int i = 0; i < N; i++) {
        items[i].k = (kind)(i % 3);
        if (items[i].k == K_INT) items[i].v.i = i * 1000 - 7;
        else if (items[i].k == K_FLOAT) items[i].v.f = (float)i * 0.5f;
        else items[i].v.pair.a = (short)(i - 100), items[i].v.pair.b = (short)(i * 3);
        fin[i] = (float)(i - 128) * 0.375f;
    }

    /* Written and read through the same member. */
    parallel_for_each(i, extent(N)) {
        num n;
        n.i = i * 3;
        int a = n.i;
        n.f = (float)a * 0.25f;
        same[i] = (int)(n.f * 8.0f) + (int)sizeof(num) * 1000;
    }
    /* A tagged union: the tag says which member to read. */
    parallel_for_each(i, extent(N)) {
        tagged t = items[i];
        switch (t.k) {
        case K_INT: decoded[i] = t.v.i; break;
        case K_FLOAT: decoded[i] = (int)(t.v.f * 4.0f); break;
        default: decoded[i] = t.v.pair.a * 1000 + t.v.pair.b; break;
        }
        if (t.k == K_PAIR) items[i].v.pair.b = (short)(t.v.pair.b + 1);
    }
    /* Reinterpreting: the bits of a float through an unsigned member. */
    parallel_for_each(i, extent(N)) {
        bits32 b;
        b.f = fin[i];
        fbits[i] = b.u;
        bits32 c;
        c.u = 0x3f800000u + (unsigned)i * 0x8000u; /* 1.0f plus mantissa steps */
        from_bits[i] = c.f;
    }

    print_array("%d", same, N);
    print_array("%d", decoded, N);
    print_array("%08x", fbits, N);
    print_array("%a", from_bits, N);
    for (int i = 0; i < N; i++)
        if (items[i].k == K_PAIR) printf("%d:%d ", i, items[i].v.pair.b);
    printf("\n");
    return 0;
}
