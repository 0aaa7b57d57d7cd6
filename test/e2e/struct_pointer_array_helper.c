// needs: shaderInt64
/* A struct holding an array of pointers (a lattice's `float *f[Q]`, a
 * query's table of columns), captured by the kernel and handed to
 * restrict(amp) helpers by pointer and by value: the helpers index its
 * member array (`L->f[q][i]`) and take a pointer from it (`float *row =
 * L.f[q]`), as the kernel's body may (was: refused in a helper as a
 * pointer to pointers). Against the serial run. */
#include <camp.h>
#include <stdio.h>
#define Q 3
#define N 64
typedef struct { float *f[Q]; int n; } lattice;

static float sum_site(const lattice *L, int i) restrict(amp) {
    float s = 0;
    for (int q = 0; q < Q; q++) s += L->f[q][i];
    return s;
}
static void put(lattice L, int q, int i, float v) restrict(amp) {
    float *row = L.f[q];
    row[i] = v;
}
int main(void) {
    static float a[N], b[N], c[N], out[N];
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 2 * i; c[i] = 3 * i; }
    lattice L = {{a, b, c}, N};
    parallel_for_each(i, extent(N)) {
        float s = sum_site(&L, i);
        out[i] = s;
        put(L, i % Q, i, s);
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        float want = 6.0f * i;
        if (out[i] != want) bad++;
        float *row = i % 3 == 0 ? a : i % 3 == 1 ? b : c;
        if (row[i] != want) bad++;
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
