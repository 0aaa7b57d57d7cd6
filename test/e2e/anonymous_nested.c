// needs: shaderInt64 shaderInt16
/* Anonymous members inside anonymous members: the vec3 that is also an
 * array (`union { struct { float x, y, z; }; float p[3]; }`) read and
 * written through `.`, `->` and a helper's pointer, and designated
 * initializers naming members of anonymous structs and unions in a kernel
 * (`{ .f = v }`, `{ .hi = 2, .lo = 5 }`). The serial reference mode
 * prints the same. */
#include <camp.h>
#include <stdio.h>

typedef struct {
    union {
        struct {
            float x, y, z;
        };
        float p[3];
    };
    int id;
} vec3;

typedef struct {
    union {
        float f;
        unsigned bits;
    };
    int e;
} fbits;

typedef struct {
    int a;
    struct {
        int b, c;
    };
    union {
        struct {
            short lo, hi;
        };
        int both;
    };
} nest;

static float dot(const vec3 *u, const vec3 *v) restrict(amp) { return u->x * v->x + u->y * v->y + u->z * v->z; }

static void scale(vec3 *v, float s) restrict(amp) {
    v->x *= s;
    v->p[1] *= s;
    v->z *= s;
}

int main(void) {
    vec3 v[4], u[4];
    for (int i = 0; i < 4; i++) v[i] = u[i] = (vec3){.x = (float)i, .y = 1.0f + (float)i, .z = 0.5f * (float)i, .id = i};
    float d[4];
    unsigned bits[4];
    int e[4], n[16];
    parallel_for_each(i, extent(4)) {
        vec3 w = v[i];
        d[i] = dot(&w, &u[(i + 1) % 4]) + v[i].p[2];
        scale(&v[i], 2.0f);
        v[i].y += (float)v[i].id;
        fbits fb = {.f = 1.0f + (float)i, .e = 7 + i};
        bits[i] = fb.bits;
        e[i] = fb.e;
        nest s = {.c = 3 + i, .hi = 2, .a = 1, .lo = (short)(5 - i)};
        n[4 * i] = s.a;
        n[4 * i + 1] = s.b;
        n[4 * i + 2] = s.c;
        n[4 * i + 3] = s.both;
    }
    for (int i = 0; i < 4; i++)
        printf("%g: %g %g %g | %#x %d | %d %d %d %d\n", d[i], v[i].x, v[i].y, v[i].p[2], bits[i], e[i], n[4 * i],
               n[4 * i + 1], n[4 * i + 2], n[4 * i + 3]);
    return 0;
}
