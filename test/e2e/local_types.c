// needs: shaderInt64 shaderInt16
// Types declared inside amp code: a typedef, a struct, a union and an
// enum in a kernel and in an amp function, one of them shadowing a
// file-scope struct of the same tag, and _Static_assert (campcc refused
// each as an "unsupported construct 'declaration'").
#include <camp.h>
#include <stdio.h>

#define N 16

struct pair { int x; };
typedef int scalar;

static int helper(int v) restrict(amp) {
    struct pair { float y; int z; } p = {1.5f, v};
    typedef float scalar;
    scalar t = 0.25f;
    return p.z + (int)(p.y * 2.0f) + (int)(t * 4.0f);
}

int main(void) {
    int out[N];
    struct pair host = {3};
    int bad = 0;
    parallel_for_each(i, extent(N)) {
        struct pair { short a; float b; } q = {2, 0.5f};
        union bits { float f; unsigned u; } w = {.f = 1.0f};
        enum { TEN = 10, ELEVEN };
        _Static_assert(sizeof(struct pair) == 8, "the kernel's own struct pair");
        scalar t = 1;
        out[i] = helper(i) + q.a + (int)(q.b * 2.0f) + TEN + (ELEVEN - TEN) + t + host.x + (int)(w.u >> 30);
    }
    for (int i = 0; i < N; i++) {
        int want = (i + 3 + 1) + 2 + 1 + 10 + 1 + 1 + 3 + 0;
        if (out[i] != want) {
            printf("wrong at %d: %d, want %d\n", i, out[i], want);
            bad = 1;
        }
    }
    if (!bad) printf("ok\n");
    return bad;
}
