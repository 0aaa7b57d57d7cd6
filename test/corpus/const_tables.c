// needs: shaderInt64 shaderFloat64 shaderInt16
/* const_tables.c — const globals and static const locals used in kernels and helpers become module constants (Private variables with constant initializers): arrays with designators, structs, scalars. */
#include <camp.h>
#include <stdio.h>
typedef struct { int a; float b; } pair;
static const int table[5] = {1, -2, 3, [4] = 40};
const pair pairs[2] = {{1, 0.5f}, {.b = 2.5f}};
const double scale = 1.5;
static int look(int i) restrict(amp) {
    static const short tbl[4] = {10, 20, 30, 40};
    return tbl[i & 3] + table[i % 5];
}
int main(void) {
    int out[16]; float f[16];
    parallel_for_each(i, extent(16)) {
        out[i] = look(i) + pairs[i & 1].a;
        f[i] = pairs[i & 1].b * (float)scale;
    }
    for (int i = 0; i < 16; i++) printf("%d %g\n", out[i], f[i]);
}
