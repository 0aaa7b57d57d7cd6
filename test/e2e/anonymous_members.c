// needs: shaderInt64
/* C11's anonymous struct and union members, named through their parent:
 * read and written in an array's elements, and read from a captured
 * struct (a value). The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>

typedef struct {
    int kind;
    struct {
        float x, y;
    };
    union {
        int i;
        float f;
    };
} value;

int main(void) {
    value v[3] = {{0, {1, 2}, {.i = 5}}, {1, {3, 4}, {.f = 2.5f}}, {0, {5, 6}, {.i = -7}}};
    float out[3], again[3];
    parallel_for_each(k, extent(3)) {
        out[k] = v[k].x + v[k].y + (v[k].kind ? v[k].f : (float)v[k].i);
        v[k].x = v[k].y * 2;
        if (!v[k].kind) v[k].i += 10;
    }
    value s = v[1];
    parallel_for_each(k, extent(3)) { again[k] = s.kind ? s.f * (float)k + s.y : (float)s.i; }
    printf("%g %g %g\n", out[0], out[1], out[2]);
    printf("%g %g %g, %d %d\n", v[0].x, v[1].x, v[2].x, v[0].i, v[2].i);
    printf("%g %g %g\n", again[0], again[1], again[2]);
    return 0;
}
