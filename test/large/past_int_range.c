/* Kernels over more than 2^31 threads and views of more than 2^31
 * elements: extent64(n) with n = 2^31 + 2^20 + 5 (a long long index; the
 * grid split over the device's group-count limits), writing a byte view of
 * n elements, then a 2-D extent of 32,769 x 65,536 threads (each component
 * an int, 2^31 + 65,536 in all) over the same bytes as rows. Every
 * 1,048,576th index is recorded, and sampled bytes are checked against the
 * serial formula, so a wrapped index or address shows as a count of bad
 * values. */
#include <camp.h>
#include <stdio.h>

#define COLS 65536

int main(void) {
    long long n = (1LL << 31) + (1LL << 20) + 5;
    unsigned char *bytes = array_view_new(unsigned char, n);
    static long long marks[2049], last[1];
    parallel_for_each(i, extent64(n)) {
        bytes[i] = (unsigned char)(i >> 23);
        if ((i & 0xfffff) == 0) marks[i >> 20] = i;
        if (i == n - 1) last[0] = i;
    }
    long long bad = 0;
    for (int k = 0; k < 2049; k++) bad += marks[k] != (long long)k << 20;
    for (long long i = 0; i < n; i += 4093) bad += bytes[i] != (unsigned char)(i >> 23);
    bad += bytes[n - 1] != (unsigned char)((n - 1) >> 23);
    printf("extent64(%lld): last index %lld, %lld bad\n", n, last[0], bad);

    int rows = (int)(n / COLS);
    unsigned char (*grid)[COLS] = (unsigned char (*)[COLS])bytes;
    parallel_for_each(idx, extent(rows, COLS)) { grid[idx[0]][idx[1]] += (unsigned char)idx[1]; }
    bad = 0;
    for (long long i = 0; i < (long long)rows * COLS; i += 4093)
        bad += bytes[i] != (unsigned char)((i >> 23) + i % COLS);
    bad += grid[rows - 1][COLS - 1] != (unsigned char)(((long long)rows * COLS - 1) >> 23) + (unsigned char)(COLS - 1);
    printf("extent(%d, %d): %lld bad\n", rows, COLS, bad);
    array_view_delete(bytes);
    return 0;
}
// needs: shaderInt64 shaderInt8
