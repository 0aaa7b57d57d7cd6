/* Vector components named in macros' bodies, as physics and graphics code
 * writes them: an index's components `(p).x` (AT), a dot product over
 * parenthesized parameters, a nested macro (LEN2 of DOT), a constant
 * table's `C[q].x`, swizzles `(v).zy` and `(v).xy.y`, a struct member's
 * vector `(s).vel.y`, `(p)->w` through a pointer, and `.s1` names.
 * Printed for comparison with the serial build. */
#include <camp.h>
#include <stdio.h>

#define AT(a, p) a[(p).x][(p).y]
#define DOT(a, b) ((a).x * (b).x + (a).y * (b).y)
#define LEN2(v) DOT(v, v)
#define DOTC(q, ux, uy, uz) (C[q].x * (ux) + C[q].y * (uy) + C[q].z * (uz))
#define SWAP_SUM(v) ((v).zy.x + (v).xy.y)
#define SPEED_Y(s) ((s).vel.y)
#define W_OF(p) ((p)->w + (p)->s1)

typedef struct {
    float2 vel;
    int id;
} particle;

static const int3 C[3] = {{1, 0, 0}, {0, 1, 0}, {1, 1, 1}};

int main(void) {
    static int m[3][4];
    static float out[64];
    static float4 quad[64];
    for (int i = 0; i < 64; i++) quad[i] = (float4){i, 2 * i, 3 * i, 4 * i};
    parallel_for_each(p, extent(3, 4)) { AT(m, p) = 10 * p.x + p.y; }
    parallel_for_each(i, extent(64)) {
        float2 u = {i, 1}, w = {2, i};
        particle s = {{i * 0.5f, i * 0.25f}, i};
        float3 v = {i, i + 1, i + 2};
        const float4 *q = &quad[i];
        out[i] = DOT(u, w) + LEN2(u) + (float)DOTC(i % 3, 1.0f, 2.0f, 3.0f) + SWAP_SUM(v) + SPEED_Y(s) + W_OF(q);
    }
    for (int r = 0; r < 3; r++) printf("%d %d %d %d\n", m[r][0], m[r][1], m[r][2], m[r][3]);
    for (int i = 0; i < 64; i += 7) printf("%g\n", out[i]);
    return 0;
}
