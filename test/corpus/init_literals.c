// needs: shaderInt64 shaderInt8
/* Initializers in kernels: designated initializers for structs (out of
 * order, nested, omitted members are zero) and for arrays ([k] = v, ranges
 * of zeros between), compound literals of scalars, structs, arrays and
 * vectors used as values, as arguments and as addressable objects, and a
 * struct initialized from another struct's members. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 256

typedef struct rgb { unsigned char r, g, b; } rgb;
typedef struct particle {
    int id;
    float pos[3];
    rgb color;
    long long mass;
} particle;

static int dot3(const int *a, const int *b) restrict(amp) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static int brightness(rgb c) restrict(amp) { return c.r + c.g * 2 + c.b; }

int main(void) {
    int designated[N], arrays[N], literals[N], nested[N];
    float fout[N];
    for (int i = 0; i < N; i++) fout[i] = 0.0f;

    /* Designated struct initializers: any order, nested, the rest zero. */
    parallel_for_each(i, extent(N)) {
        particle p = {.mass = i * 1000LL, .color = {.b = (unsigned char)i, .r = 9}, .id = -i,
                      .pos[2] = (float)i * 0.5f};
        particle q = {i, {1.0f, 2.0f}, {1, 2, 3}, 7};
        designated[i] = p.id + (int)p.mass + p.color.r * 3 + p.color.g * 5 + p.color.b * 7 +
                        (int)(p.pos[0] + p.pos[1] + p.pos[2]) + q.id * 2 + (int)q.pos[1] +
                        (int)q.pos[2] + q.color.g + (int)q.mass;
        fout[i] = p.pos[2] + q.pos[0] * 0.25f;
    }
    /* Designated array initializers; the gaps are zero. */
    parallel_for_each(i, extent(N)) {
        int a[12] = {[3] = 30, [7] = 70, [1] = i, 5, [10] = -1};
        int s = 0;
        for (int k = 0; k < 12; k++) s += a[k] * (k + 1);
        int m[3][3] = {[1] = {[2] = i}, [2][0] = 4};
        arrays[i] = s * 100 + m[1][2] + m[2][0] * 7 + m[0][0] + m[2][2];
    }
    /* Compound literals as values and as arguments (structs and arrays). */
    parallel_for_each(i, extent(N)) {
        int d = dot3((int[]){i, 2, 3}, (const int[3]){4, -i, 6});
        int b = brightness((rgb){(unsigned char)i, 10, 20});
        int x = (int){i * 3} + ((struct rgb){.g = 5}).g;
        int4 v = (int4){i, 1, 2, 3} * 2;
        literals[i] = d * 1000 + b * 10 + x + v.x + v.w;
    }
    /* A compound literal is an lvalue: its address can be taken and it can be written. */
    parallel_for_each(i, extent(N)) {
        int *p = (int[4]){i, i + 1, i + 2, i + 3};
        p[1] *= 10;
        rgb *c = &(rgb){1, 2, 3};
        c->g = (unsigned char)(i % 200);
        particle base = {.id = i, .color = *c};
        particle copy = {.id = base.id * 2, .color = base.color, .mass = p[1]};
        nested[i] = copy.id + copy.color.g * 3 + (int)copy.mass + p[0] + p[3];
    }

    print_array("%d", designated, N);
    print_array("%a", fout, N);
    print_array("%d", arrays, N);
    print_array("%d", literals, N);
    print_array("%d", nested, N);
    return 0;
}
