// needs: shaderInt64
// Components of a vector through a pointer to it, `p->y` and `p->xy`, read
// and written, in a kernel and in an amp function taking a `float3 *`, and
// read through a read-only view: the same as `(*p).y` (they once read the
// pointer itself as a number).
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

static void accelerate(float3 *acc, float3 d, float s) restrict(amp) {
    acc->x += d.x * s;
    acc->yz += d.yz * s;
}

int main(void) {
    float4 v[4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}};
    float got[4][6];
    int2 *pairs = malloc(4 * sizeof(int2));
    for (int i = 0; i < 4; i++) pairs[i] = (int2){10 * i, 10 * i + 1};
    const int2 *read_only = pairs;
    array_view(read_only, 4);
    parallel_for_each(i, extent(4)) {
        float4 *p = &v[i];
        got[i][0] = p->y;
        got[i][1] = p->zw.x + p->xy.y;
        p->w = p->x * 2.0f;
        float3 acc = {0, 0, 0};
        accelerate(&acc, p->xyz, 0.5f);
        got[i][2] = acc.x;
        got[i][3] = acc.y + acc.z;
        got[i][4] = (float)(read_only + i)->y;
        got[i][5] = p->w;
    }
    for (int i = 0; i < 4; i++)
        printf("%g %g %g %g %g %g\n", got[i][0], got[i][1], got[i][2], got[i][3], got[i][4], got[i][5]);
    free(pairs);
    return 0;
}
