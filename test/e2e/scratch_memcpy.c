/* A scratch array at the top of the function that the kernel first fills
 * whole with memcpy (a record copied out of a buffer, then read field by
 * field): each thread's own, as one a loop or a memset fills (the threads
 * raced on one array before: 3,584 of 4,096 wrong, with no warning). The
 * host reuses it after a memcpy of its own. The serial reference mode
 * prints the same. */
#include <camp.h>
#include <stdio.h>
#include <string.h>

#define N 4096
static unsigned char src[N * 8];
static int out[N];

int main(void) {
    unsigned char rec[8];
    for (int i = 0; i < N * 8; i++) src[i] = (unsigned char)(i * 31 + i / 8);
    parallel_for_each(i, extent(N)) {
        memcpy(rec, src + i * 8, sizeof rec);
        out[i] = rec[0] + 2 * rec[3] - rec[7];
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        memcpy(rec, src + i * 8, 8);
        bad += out[i] != rec[0] + 2 * rec[3] - rec[7];
    }
    printf("%d wrong, out[1] = %d, out[%d] = %d\n", bad, out[1], N - 1, out[N - 1]);
    return 0;
}
