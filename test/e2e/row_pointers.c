// needs: shaderInt64
// Rows of local arrays and members of local structs passed to amp
// functions by pointer, as C passes them: a row of a 2-D array (m[i]), a
// plane and a row of a 3-D one (cube[p], cube[p][r]), an element's address
// inside a row (&m[i][j]), a scalar member (&s.count), an array member
// (s.hist), a nested struct member (&s.range) and a member of it reached
// through the callee's pointer (&r->lo), each read, written through, moved
// along with pointer arithmetic inside the row and passed two levels down.
// Each thread's checksum against the host's, computed by plain indexing.
#include "part_pointers.h"

static void scale_row(int *row, int n, int s) restrict(amp) {
    for (int j = 0; j < n; j++) row[j] *= s;
}

static void scale_tail(int *row, int n, int s) restrict(amp) { scale_row(row + 1, n - 1, s); }

static void swap_ends(int *row, int n) restrict(amp) {
    int *last = row + n - 1, first = *row;
    *row = *last;
    *last = first;
}

static int plane_sum(int (*plane)[4], int rows) restrict(amp) {
    int total = 0;
    for (int r = 0; r < rows; r++) total += sum_row(plane[r], 4) * (r + 1);
    return total;
}

static void set(int *x, int v) restrict(amp) { *x = v; }

static void widen(range *r, int by) restrict(amp) {
    set(&r->lo, r->lo - by);
    set(&r->hi, r->hi + by);
}

static void tally(stats *s, int v) restrict(amp) {
    set(&s->count, s->count + 1);
    s->hist[v % 4] += v;
}

/* the kernel's work for thread i, by plain indexing */
static int reference(int i) {
    int m[4][4], cube[2][3][4];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) m[r][c] = r * 4 + c + i;
    for (int c = 0; c < 4; c++) m[i % 4][c] *= 3;
    for (int c = 1; c < 4; c++) m[(i + 1) % 4][c] *= 2;
    int first = m[2][0];
    m[2][0] = m[2][3], m[2][3] = first;
    m[3][1] = 100 + i;
    int rows = 0;
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) rows += m[r][c] * (r + 1);
    for (int p = 0; p < 2; p++)
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 4; c++) cube[p][r][c] = p * 12 + r * 4 + c - i;
    for (int c = 0; c < 4; c++) cube[1][i % 3][c] *= -1;
    int planes = 0;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++) planes += cube[i % 2][r][c] * (r + 1);
    stats s = {0, {0}, {i, i}};
    for (int v = 0; v < i; v++) s.count++, s.hist[v % 4] += v;
    s.range.lo -= 3, s.range.hi += 3;
    s.hist[1] = 7 * i;
    return rows + 3 * planes + s.count + s.hist[0] + 2 * s.hist[1] + 3 * s.hist[2] + 4 * s.hist[3] +
           s.range.lo * s.range.hi;
}

int main(void) {
    int out[THREADS];
    parallel_for_each(i, extent(THREADS)) {
        int m[4][4], cube[2][3][4];
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++) m[r][c] = r * 4 + c + i;
        scale_row(m[i % 4], 4, 3);
        scale_tail(m[(i + 1) % 4], 4, 2);
        swap_ends(m[2], 4);
        set(&m[3][1], 100 + i);
        int rows = 0;
        for (int r = 0; r < 4; r++) rows += sum_row(m[r], 4) * (r + 1);
        for (int p = 0; p < 2; p++)
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 4; c++) cube[p][r][c] = p * 12 + r * 4 + c - i;
        scale_row(cube[1][i % 3], 4, -1);
        int planes = plane_sum(cube[i % 2], 3);
        stats s = {0, {0}, {i, i}};
        for (int v = 0; v < i; v++) tally(&s, v);
        widen(&s.range, 3);
        set(s.hist + 1, 7 * i);
        out[i] = rows + 3 * planes + s.count + s.hist[0] + 2 * s.hist[1] + 3 * s.hist[2] + 4 * s.hist[3] +
                 s.range.lo * s.range.hi;
    }
    return check_threads(out, reference) != 0;
}
