// needs: shaderInt64
/* A global that the other translation unit's kernel shares with the host
 * (it takes its address) is read by value by this unit's kernel, right
 * after that kernel wrote it: the launch's copy of the value is read by
 * the program's own code, which implicit synchronization serves. The
 * serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>
// also: units/extern_shared_global_other.c

extern int g_max;
void find_max(const int *v, int n);

int main(void) {
    int v[64], out[64];
    for (int i = 0; i < 64; i++) v[i] = (i * 37) % 64 + 1;
    find_max(v, 64);
    parallel_for_each(i, extent(64)) { out[i] = v[i] * 100 / g_max; }
    printf("%d %d %d\n", g_max, out[0], out[63]);
    g_max = 200; /* the host's write, then the other unit's kernel again */
    find_max(v, 64);
    parallel_for_each(i, extent(64)) { out[i] = v[i] * 100 / g_max; }
    printf("%d %d %d\n", g_max, out[0], out[63]);
    return 0;
}
