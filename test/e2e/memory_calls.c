// needs: shaderInt64
/* memcpy and memset as statements in kernels: between local arrays (a
 * copy, a clear, a byte repeated through ints) and between a view and a
 * local array of structs. The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>
#include <string.h>
struct pt { float x, y; int id; };
int main(void) {
    int out[4][8];
    struct pt pts[16], moved[16];
    for (int i = 0; i < 16; i++) pts[i] = (struct pt){(float)i, (float)(2 * i), i};
    parallel_for_each(i, extent(4)) {
        int prev[8], cur[8];
        memset(prev, 0, sizeof prev);
        for (int k = 0; k < 8; k++) cur[k] = k * (i + 1);
        memcpy(prev, cur, sizeof cur);
        memset(cur, 0xff, 4 * sizeof(int));
        for (int k = 0; k < 8; k++) out[i][k] = prev[k] + cur[k];
    }
    parallel_for_each(i, extent(4)) {
        struct pt local[4];
        memcpy(local, &pts[i * 4], sizeof local);
        local[0].id += 100;
        memcpy(&moved[i * 4], local, 4 * sizeof(struct pt));
    }
    for (int i = 0; i < 4; i++) { for (int k = 0; k < 8; k++) printf("%d ", out[i][k]); printf("\n"); }
    printf("%g %g %d %d\n", moved[5].x, moved[5].y, moved[4].id, moved[15].id);
    return 0;
}
