/* serial.c — the whole heat grid stepped on the host, and the comparison
 * both samples print (heat.h). */
#include "heat.h"

void heat_serial(int rows, int cols, int steps, float *out) {
    float *u = out, *next = malloc((size_t)rows * cols * sizeof *next);
    if (!next) {
        fprintf(stderr, "heat: out of host memory\n");
        exit(1);
    }
    for (size_t i = 0; i < (size_t)rows * cols; i++) u[i] = HEAT_START;
    for (int step = 0; step < steps; step++) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                float up = r > 0 ? u[(size_t)(r - 1) * cols + c] : HEAT_TOP;
                float down = r < rows - 1 ? u[(size_t)(r + 1) * cols + c] : HEAT_OUTSIDE;
                float left = c > 0 ? u[(size_t)r * cols + c - 1] : HEAT_OUTSIDE;
                float right = c < cols - 1 ? u[(size_t)r * cols + c + 1] : HEAT_OUTSIDE;
                next[(size_t)r * cols + c] = heat_point(up, down, left, right);
            }
        }
        float *t = u;
        u = next;
        next = t;
    }
    /* After an odd number of steps the result is in the scratch buffer. */
    if (u != out) {
        memcpy(out, u, (size_t)rows * cols * sizeof *out);
        next = u;
    }
    free(next);
}

int heat_report(int rows, int cols, int steps, const float *grid, const float *serial) {
    double sum = 0;
    size_t differ = 0;
    for (size_t i = 0; i < (size_t)rows * cols; i++) {
        sum += grid[i];
        if (serial) differ += memcmp(&grid[i], &serial[i], sizeof *grid) != 0;
    }
    printf("heat %dx%d, %d steps: checksum %.6f, centre %.6f\n", rows, cols, steps, sum,
           grid[(size_t)(rows / 2) * cols + cols / 2]);
    if (!serial) {
        printf("not compared with the serial run\n");
        return 0;
    }
    if (differ) printf("differs from the serial run in %zu cells\n", differ);
    else printf("the same as the serial run, bit for bit\n");
    return differ != 0;
}
