// needs: shaderInt64 shaderFloat64 shaderInt8
/* Constant tables kernels read: one of more than 64 KiB (a view of the
 * host's copy, in read-only data: no page section of its own), and module
 * constants of more than 4,096 initializer elements (a 5,000-byte table,
 * an 80 x 80 float table). The serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>

#define T 10000 /* 80,000 bytes */
static const double big[T] = {0.5, 1.5, [T - 1] = 2.5};

#define R10(x) x, x, x, x, x, x, x, x, x, x
#define R100(x) R10(x), R10(x), R10(x), R10(x), R10(x), R10(x), R10(x), R10(x), R10(x), R10(x)
#define R1000(x) R100(x), R100(x), R100(x), R100(x), R100(x), R100(x), R100(x), R100(x), R100(x), R100(x)
static const unsigned char bytes[5000] = {R1000(1), R1000(2), R1000(3), R1000(4), R1000(5)};
#define ROW R10(0.5f), R10(1.0f), R10(1.5f), R10(2.0f), R10(2.5f), R10(3.0f), R10(3.5f), R10(4.0f)
static const float grid[80][80] = {{ROW}, {ROW}, {ROW}, [79] = {ROW}};

int main(void) {
    double out[3];
    int counts[5];
    float sums[80];
    parallel_for_each(i, extent(3)) { out[i] = big[i * (T - 1) / 2] + big[1]; }
    parallel_for_each(i, extent(5)) { counts[i] = bytes[i * 1000] + bytes[i * 1000 + 999]; }
    parallel_for_each(r, extent(80)) {
        float s = 0;
        for (int c = 0; c < 80; c++) s += grid[r][c];
        sums[r] = s;
    }
    printf("%g %g %g\n", out[0], out[1], out[2]);
    printf("%d %d %d %d %d\n", counts[0], counts[1], counts[2], counts[3], counts[4]);
    printf("%g %g %g\n", sums[0], sums[5], sums[79]);
    return 0;
}
