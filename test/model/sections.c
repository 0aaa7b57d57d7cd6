/* Sections of an explicit view (C++ AMP's array_view::section), run with CAMP_IMPLICIT_SYNC=0, rank 1 to
 * 3: kernels index a section from its origin; a section's synchronize
 * copies back its own bytes only (the host's other bytes stay as they
 * were, though kernels wrote them); its refresh copies in its own only;
 * a row of a rank-2 view (m[i], C++ AMP's projection) is a rank-1 view
 * of it. view_as and reinterpret_as are the same memory as other types.
 * Bad sections are errors naming the line. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

enum { ROWS = 8, COLS = 10, D = 3, R = 4, C = 5 };

static void report(const camp_error *e, void *user) {
    (void)user;
    printf("error at line %u: %s\n", e->line,
           e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid argument" : "other");
}

/* How many elements differ from r * 100 + c, and whether all of them lie in
 * the block from (r0, c0) of rows x cols. */
static void changed(float (*m)[COLS], int r0, int c0, int rows, int cols, const char *what) {
    int count = 0, outside = 0;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            if (m[r][c] != r * 100 + c) {
                count++;
                outside += r < r0 || r >= r0 + rows || c < c0 || c >= c0 + cols;
            }
    printf("%s: %d changed, %d outside\n", what, count, outside);
}

int main(void) {
    float (*m)[COLS] = malloc(ROWS * sizeof *m);
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) m[r][c] = r * 100 + c;
    array_view(m, ROWS);

    /* rank 2: a 4 x 5 block at (2, 3), indexed from its origin */
    float (*s)[COLS] = array_view_section(m, 2, 3, 4, 5);
    parallel_for_each(i, extent(4, 5)) { s[i[0]][i[1]] = -(s[i[0]][i[1]]); }
    parallel_for_each(i, extent(ROWS, COLS)) { m[i[0]][i[1]] += 0.5f; }   /* the whole view */
    array_view_section_synchronize(s);
    changed(m, 2, 3, 4, 5, "section synchronized");                        /* 20 changed, 0 outside */
    printf("s[0][0] %g, m[5][7] %g, m[0][0] %g\n", s[0][0], m[5][7], m[0][0]); /* -202.5 -506.5 0 */

    /* refresh of the section: the host's values reach kernels, the rest
     * keeps the kernels' (not yet synchronized) values */
    s[1][1] = 7;
    array_view_section_refresh(s);
    float seen[2];
    parallel_for_each(i, extent(2)) { seen[i] = i == 0 ? s[1][1] : m[0][0]; }
    printf("after section refresh: %g %g\n", seen[0], seen[1]);            /* 7 0.5 */
    array_view_section_release(s);

    /* projection: row 6 as a rank-1 view, synchronized alone */
    parallel_for_each(i, extent(ROWS, COLS)) { m[i[0]][i[1]] += 1000; }
    float *row = array_view_section(m[6], 0, COLS);
    array_view_section_synchronize(row);
    printf("row 6: %g %g, row 5: %g\n", row[0], m[6][9], m[5][0]);          /* 1600.5 1609.5 500: outside */
    array_view_section_release(row);
    array_view_synchronize(m);
    printf("whole view: %g %g\n", m[5][0], m[0][0]);                       /* 1500.5 1000.5 */
    array_view_release(m);

    /* rank 3: planes x rows x cols, a 2 x 2 x 3 block at (1, 1, 1) */
    int (*g)[R][C] = calloc(D, sizeof *g);
    array_view(g, D);
    parallel_for_each(i, extent(D, R, C)) { g[i[0]][i[1]][i[2]] = 1; }
    int (*b)[R][C] = array_view_section(g, 1, 1, 1, 2, 2, 3);
    parallel_for_each(i, extent(2, 2, 3)) { b[i[0]][i[1]][i[2]] += 1; }
    array_view_section_synchronize(b);
    int ones = 0, twos = 0;
    for (int p = 0; p < D; p++)
        for (int r = 0; r < R; r++)
            for (int c = 0; c < C; c++) {
                ones += g[p][r][c] == 1;
                twos += g[p][r][c] == 2;
            }
    printf("rank 3: %d twos, %d ones, g[2][2][3] %d\n", twos, ones, g[2][2][3]);  /* 12 0 2: the rest not synchronized */
    array_view_section_release(b);
    array_view_release(g);

    /* view_as: 12 floats as 3 rows of 4; reinterpret_as: their bits */
    float *v = calloc(12, sizeof *v);
    array_view(v, 12);
    float (*v2)[4] = array_view_view_as(v, 3, 4);
    parallel_for_each(i, extent(3, 4)) { v2[i[0]][i[1]] = i[0] * 10 + i[1] + 1; }
    unsigned *bits = array_view_reinterpret_as(v, unsigned);
    unsigned word[1];
    parallel_for_each(i, extent(1)) { word[i] = bits[0]; }
    array_view_synchronize(v);
    printf("view_as: %g %g, reinterpret_as: 0x%08x\n", v[5], v[11], word[0]);  /* 12 24 0x3f800000 */

    camp_set_error_handler(report, NULL);
    float (*bad)[COLS] = m;
    array_view(bad, ROWS);
    array_view_section(bad, 2, 8, 1, 3);          /* line 98: columns 8..10 of 10 */
    array_view_section(bad, 7, 0, 2, 1);          /* line 99: rows 7..8 of 8 */
    array_view_section(v + 12, 0, 1);             /* line 100: in no view (one past the end) */
    array_view_view_as(v, 13);                    /* line 101: 13 elements of 12 */
    array_view_reinterpret_as(v + 1, double);     /* line 102: 44 bytes */
    array_view_section_synchronize(v + 2);        /* line 103: no section starts there */
    camp_set_error_handler(NULL, NULL);
    array_view_release(bad);
    array_view_release(v);
    free(v);
    free(g);
    free(m);

    /* a view large enough for device memory of its own (16 MiB), where its
     * bytes start past the buffer's lead guard: a block's rows come back
     * to the rows they belong to */
    enum { BIG = 2048, AT = 512, SIDE = 256 };
    float (*big)[BIG] = malloc(sizeof(float[BIG][BIG]));
    for (int r = 0; r < BIG; r++)
        for (int c = 0; c < BIG; c++) big[r][c] = -1;
    array_view(big, BIG);
    parallel_for_each(i, extent(BIG, BIG)) { big[i[0]][i[1]] = (float)(i[0] + i[1]); }
    float (*corner)[BIG] = array_view_section(big, AT, AT, SIDE, SIDE);
    array_view_section_synchronize(corner);
    int wrong = 0;
    for (int r = 0; r < BIG; r++)
        for (int c = 0; c < BIG; c++) {
            int inside = r >= AT && r < AT + SIDE && c >= AT && c < AT + SIDE;
            wrong += big[r][c] != (inside ? (float)(r + c) : -1.0f);
        }
    printf("large view's block: %d wrong\n", wrong);
    array_view_section_release(corner);
    array_view_release(big);
    free(big);
    return 0;
}
// needs: shaderInt64
