// printf in kernels and amp functions: 1,000 threads with every conversion
// and flag the device sends (ints of each size and sign, floats, doubles,
// chars, string literals folded into the format, %%), then launches that
// queue without a wait between them. Each kernel line is "L<launch>
// t<index>...": test/reports.py compares the lines with the serial
// reference's as a multiset, checks that launches come out in order, and
// that CAMP_PRINTF_PREFIX's index matches t<index>.
#include <camp.h>
#include <stdio.h>
#include <assert.h>

static void show(int i, float x) restrict(amp) {
    printf("L1 t%d helper %.3f %e %10.4g|\n", i, x, (double)x * 1e-3, x * x);
}

int main(void) {
    float scale = 0.5f;
    long long big = 1LL << 40;
    unsigned char small = 200;
    int out[1000];
    parallel_for_each(i, extent(1000)) {
        out[i] = i;
        printf("L1 t%d %5d|%-5u|%x|%#X|%o|%c|%+.2f|%g|%s|%-6s|%lld|%llu|%hhu|%%|%08.3f\n", i, i - 500,
               (unsigned)i * 3u, i, i * 7, i, 'a' + i % 26, i * scale, i / 7.0f, "lit", "pad", big + i,
               (unsigned long long)big * 2 + (unsigned long long)i, small, -i * 0.125f);
        if (i % 100 == 0) show(i, i * scale);
        assert(out[i] == i); /* holds: costs nothing visible */
    }
    /* these kernels write no array: nothing waits for them until the last one */
    for (int k = 2; k <= 4; k++) {
        parallel_for_each(i, extent(300)) {
            if (i % (k + 1) == 0) printf("L%d t%d %d\n", k, i, k * i);
        }
    }
    int grid[3][4];
    parallel_for_each(p, extent(3, 4)) {
        grid[p[0]][p[1]] = p[0] * 4 + p[1];
        printf("L5 t%d_%d row %d\n", p[0], p[1], p[0]);
    }
    long sum = 0;
    for (int i = 0; i < 1000; i++) sum += out[i];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++) sum += grid[r][c];
    printf("sum %ld\n", sum);
    return 0;
}
