/* sizeof of variable-length arrays a kernel captures: the host's sizeof,
 * taken at the launch, for a 1-D and a 2-D one, used twice in a kernel and
 * in a second launch after the lengths changed. Printed for comparison
 * with the serial build. */
#include <camp.h>
#include <stdio.h>

static void run(int n, int rows, int cols) {
    int vla[n];
    float m[rows][cols];
    for (int i = 0; i < n; i++) vla[i] = i * 3;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) m[r][c] = (float)(r * cols + c);
    long out[4];
    parallel_for_each(i, extent(4)) {
        long elements = (long)(sizeof vla / sizeof vla[0]);
        out[i] = (long)sizeof vla + elements * 1000 + (long)(sizeof m) * 100000 + vla[i % n] + (long)m[0][i % cols];
    }
    printf("n %d, %d x %d: %ld %ld %ld %ld (host %zu %zu)\n", n, rows, cols, out[0], out[1], out[2], out[3], sizeof vla,
           sizeof m);
}

int main(int argc, char **argv) {
    (void)argv;
    run(6 + argc, 3, 5);
    run(2 + argc, 4, 2);
    return 0;
}
