// needs: shaderInt64
// Pointer variables declared with a row or member of a local object, as C
// code writes them: `int *row = m[r]` filled in a loop, `row + 1` moved
// along and written through, `for (int *q = row; q < row + 4; q++)`, a
// plane of a 3-D array held as `int (*)[4]` and passed on, an array member
// (`int *h = s.hist`), a scalar member (`int *count = &s.count`), a nested
// struct (`range *r = &s.range`), and in amp functions the same from a
// parameter (`int *lo = &r->lo`, `int *row = plane[r]`). Each thread's
// checksum against the host's, computed by plain indexing.
#include "part_pointers.h"

static void widen(range *r, int by) restrict(amp) {
    int *lo = &r->lo, *hi = &r->hi;
    *lo -= by;
    *hi += by;
}

static int weighted_plane(int (*plane)[4], int rows) restrict(amp) {
    int total = 0;
    for (int r = 0; r < rows; r++) {
        int *row = plane[r];
        for (int *q = row; q < row + 4; q++) total += *q * (r + 1);
    }
    return total;
}

/* the kernel's work for thread i, by plain indexing */
static int reference(int i) {
    int m[4][4];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) m[r][c] = r * 4 + c + i;
    m[2][1] *= 10;
    m[2][2] *= 100;
    int plane = 0;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++) plane += (i % 2 * 12 + r * 4 + c) * (r + 1);
    int hist[4] = {1, 2, 3, 4};
    hist[i % 4] += 5;
    int count = hist[0] + hist[1] + hist[2] + hist[3];
    int lo = i - 2, hi = i + 3;
    int rows = 0;
    for (int c = 0; c < 4; c++) rows += m[0][c] + 2 * m[1][c] + 3 * m[2][c] + 4 * m[3][c];
    return rows + plane + count + lo * hi;
}

int main(void) {
    int out[THREADS];
    parallel_for_each(i, extent(THREADS)) {
        int m[4][4], cube[2][3][4];
        for (int r = 0; r < 4; r++) {
            int *row = m[r];
            for (int c = 0; c < 4; c++) row[c] = r * 4 + c + i;
        }
        int *third = m[2] + 1;
        third[0] *= 10;
        third++;
        *third *= 100;
        for (int p = 0; p < 2; p++)
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 4; c++) cube[p][r][c] = p * 12 + r * 4 + c;
        int (*plane)[4] = cube[i % 2];
        stats s = {0, {1, 2, 3, 4}, {i, i}};
        int *h = s.hist;
        h[i % 4] += 5;
        range *r = &s.range;
        widen(r, 2);
        r->hi += 1;
        int *count = &s.count;
        *count = sum_row(h, 4);
        int rows = 0;
        for (int k = 0; k < 4; k++) {
            const int *row = m[k];
            rows += sum_row(row, 4) * (k + 1);
        }
        out[i] = rows + weighted_plane(plane, 3) + s.count + s.range.lo * s.range.hi;
    }
    return check_threads(out, reference) != 0;
}
