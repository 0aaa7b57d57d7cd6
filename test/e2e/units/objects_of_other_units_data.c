/* The data of e2e/objects_of_other_units.c: file-scope arrays and a struct
 * of a file without kernels, one of them static (reached only through the
 * pointer a function returns). */
#include <stddef.h>

float grid[16][16];
static double samples[100];
struct gains {
    float scale, bias;
    int count;
} gains = {1.5f, -2.0f, 0};

double *samples_of_data_unit(void) { return samples; }

void fill_data_unit(void) {
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++) grid[i][j] = (float)(i * 16 + j);
    for (int i = 0; i < 100; i++) samples[i] = i * 0.5;
}
