/* A counting sort of each row, C89 style: the histogram declared at the
 * top of the function, zeroed by the kernel (by a loop, or memset) and
 * then counted into at the data's values, is each thread's own. */
#include <camp.h>
#include <stdio.h>
#include <string.h>
#define ROWS 64
#define COLS 32
static unsigned char m[ROWS][COLS], m2[ROWS][COLS];
int main(void)
{
    int r, c, k, pos;
    int cnt[16], seen[16];
    for (r = 0; r < ROWS; r++)
        for (c = 0; c < COLS; c++) m[r][c] = m2[r][c] = (unsigned char)((r * 7 + c * 11 + r * c) % 16);
    parallel_for_each(row, extent(ROWS)) {
        for (k = 0; k < 16; k++) cnt[k] = 0;
        for (c = 0; c < COLS; c++) cnt[m[row][c]]++;
        pos = 0;
        for (k = 0; k < 16; k++) { int q; for (q = 0; q < cnt[k]; q++) m[row][pos++] = (unsigned char)k; }
    }
    parallel_for_each(row, extent(ROWS)) {
        memset(seen, 0, sizeof seen);
        int distinct = 0;
        for (c = 0; c < COLS; c++) distinct += !seen[m2[row][c]]++;
        m2[row][0] = (unsigned char)distinct;
    }
    for (r = 0; r < ROWS; r++) {
        for (c = 0; c < COLS; c++) printf("%x", m[r][c]);
        printf(" %d\n", m2[r][0]);
    }
    return 0;
}
